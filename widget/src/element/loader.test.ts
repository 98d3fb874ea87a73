import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWidgetModule } from './loader.ts';
import { widgetTagName } from '../shared/widget-events.ts';

function scriptWithSource(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  return script;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadWidgetModule', () => {
  it('imports the module build beside the classic script, wherever it is hosted', () => {
    const importModule = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    loadWidgetModule(
      scriptWithSource('https://cdn.example.com/widget/tradein-widget.js?v=3'),
      'tradein-widget-Ab3dE_9z.mjs',
      importModule,
    );
    expect(importModule).toHaveBeenCalledExactlyOnceWith(
      'https://cdn.example.com/widget/tradein-widget-Ab3dE_9z.mjs',
    );
  });

  it('reports one console error when the module cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadWidgetModule(
      scriptWithSource('https://cdn.example.com/widget/tradein-widget.js'),
      'tradein-widget-Ab3dE_9z.mjs',
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(String(error.mock.calls[0]?.[0])).toContain('tradein-widget-Ab3dE_9z.mjs');
  });

  it('reports an inline script instead of importing from the page', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const importModule = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    loadWidgetModule(document.createElement('script'), 'tradein-widget-Ab3dE_9z.mjs', importModule);
    loadWidgetModule(null, 'tradein-widget-Ab3dE_9z.mjs', importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the element is already defined (the script is on the page twice)', () => {
    customElements.define(widgetTagName, class extends HTMLElement {});
    const importModule = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    loadWidgetModule(
      scriptWithSource('https://cdn.example.com/widget/tradein-widget.js'),
      'tradein-widget-Ab3dE_9z.mjs',
      importModule,
    );
    expect(importModule).not.toHaveBeenCalled();
  });
});
