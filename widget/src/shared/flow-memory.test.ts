import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowMemoryKey, keepStep, keptStep, markStep, pushStep } from './flow-memory.ts';

/** Makes the page look loaded the given way (`navigate`, `reload`, `back_forward`). */
function loadedBy(type: string) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type } as unknown as PerformanceEntry,
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

describe('where an element keeps its step', () => {
  it('keys each element by edition and position on the page', () => {
    document.body.innerHTML = '<tradein-widget></tradein-widget><tradein-widget></tradein-widget>';
    const [first, second] = document.querySelectorAll('tradein-widget');
    if (first === undefined || second === undefined) throw new Error('two elements expected');
    expect(flowMemoryKey(first, 'de')).toBe('tradein-flow:de:0');
    expect(flowMemoryKey(second, 'fr')).toBe('tradein-flow:fr:1');
  });

  it('restores the kept step after a reload of the same page only', () => {
    history.replaceState(null, '', '/partner');
    keepStep('k', { screen: 'cart' });
    loadedBy('navigate');
    expect(keptStep('k', false)).toBeUndefined();
    loadedBy('reload');
    expect(keptStep('k', false)).toEqual({ screen: 'cart' });
    history.replaceState(null, '', '/other');
    expect(keptStep('k', false)).toBeUndefined();
  });

  it('reads nothing from text that is no JSON', () => {
    loadedBy('reload');
    sessionStorage.setItem('k', '{not json');
    expect(keptStep('k', false)).toBeUndefined();
  });

  it('with history="push", keeps the step in the entry beside the page’s own state', () => {
    history.replaceState({ page: 'partner' }, '');
    markStep('k', { screen: 'search' });
    const length = history.length;
    pushStep('k', { screen: 'cart' });
    expect(history.length).toBe(length + 1);
    expect(history.state).toEqual({ page: 'partner', k: { screen: 'cart' } });
    loadedBy('navigate');
    expect(keptStep('k', true)).toEqual({ screen: 'cart' });
    expect(keptStep('k', false)).toBeUndefined();
  });
});
