import { afterEach, describe, expect, it, vi } from 'vitest';
import './define.ts';
import type { TradeinReadyDetail, TradeinWidgetElement } from '../shared/widget-events.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Creates the element from markup, as a parser would, and attaches it. */
function mount(attributes: string): TradeinWidgetElement {
  const holder = document.createElement('div');
  holder.innerHTML = `<tradein-widget ${attributes}></tradein-widget>`;
  const element = holder.firstElementChild as TradeinWidgetElement;
  document.body.append(element);
  return element;
}

function readyOf(element: TradeinWidgetElement): Promise<TradeinReadyDetail> {
  return new Promise((resolve) => {
    element.addEventListener('tradein:ready', (event) => resolve(event.detail), { once: true });
  });
}

describe('<tradein-widget> from source (happy-dom)', () => {
  it('renders the first screen in the edition language and announces itself', async () => {
    const holder = document.createElement('div');
    holder.innerHTML = '<tradein-widget edition="it" mode="aganwidget"></tradein-widget>';
    const element = holder.firstElementChild as TradeinWidgetElement;
    // Listen before attaching: the first screen may be announced right away.
    const ready = readyOf(element);
    document.body.append(element);
    expect(await ready).toEqual({ edition: 'it', mode: 'aganwidget' });
    const root = element.shadowRoot;
    expect(root?.mode).toBe('open');
    expect(root?.querySelector('h2')?.textContent).toBe('Vendi il tuo dispositivo usato');
    const input = root?.querySelector('[role="combobox"]');
    const label = root?.querySelector(`label[for="${input?.id ?? ''}"]`);
    expect(label?.textContent).toBe('Quale dispositivo vuoi vendere?');
    expect(root?.adoptedStyleSheets.length).toBe(1);
  });

  it('shows a localized alert and logs once for an invalid mode', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = mount('edition="fr" mode="b2bWidget"');
    await vi.waitFor(() => {
      expect(element.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
        'n’est disponible que dans l’édition allemande',
      );
    });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('needs an edition with B2B');
  });

  it('reports an attribute that is removed later as missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = mount('edition="de"');
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('h2')).not.toBeNull());
    element.removeAttribute('edition');
    await vi.waitFor(() => {
      expect(element.shadowRoot?.querySelector('[role="alert"]')?.textContent).toContain(
        'The attribute “edition” is missing.',
      );
    });
  });
});
