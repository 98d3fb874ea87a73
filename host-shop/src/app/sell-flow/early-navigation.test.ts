import { describe, expect, it } from 'vitest';
import { earlyNavigationKey, takeEarlyNavigation } from './early-navigation.ts';

describe('the step announced before the shop listened', () => {
  it('is handed over once, then the page keeps nothing more', () => {
    const page: Record<string, unknown> = {
      [earlyNavigationKey]: { path: '/checkout', step: { screen: 'checkout', trade: 'x' } },
    };
    expect(takeEarlyNavigation(page)).toEqual({
      path: '/checkout',
      step: { screen: 'checkout', trade: 'x' },
    });
    expect(page[earlyNavigationKey]).toBeNull();
    expect(takeEarlyNavigation(page)).toBeUndefined();
  });

  it('is nothing when none was announced', () => {
    const page: Record<string, unknown> = {};
    expect(takeEarlyNavigation(page)).toBeUndefined();
    expect(page[earlyNavigationKey]).toBeNull();
  });

  it.each([
    ['a foreign origin', { path: 'https://evil.example/', step: { screen: 'cart' } }],
    ['another site without scheme', { path: '//evil.example/', step: { screen: 'cart' } }],
    ['another site behind a backslash', { path: '/\\evil.example/', step: { screen: 'cart' } }],
    ['no screen', { path: '/checkout', step: {} }],
    ['no step', { path: '/checkout' }],
    ['text', 'javascript:alert(1)'],
  ])('is refused when it is %s', (_what, kept) => {
    expect(takeEarlyNavigation({ [earlyNavigationKey]: kept })).toBeUndefined();
  });
});
