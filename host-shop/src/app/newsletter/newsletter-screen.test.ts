import { describe, expect, it } from 'vitest';
import { newsletterOffered } from './newsletter-screen.server.ts';

describe('newsletterOffered', () => {
  it('opens the pages in the consumer shop of an edition with a newsletter', () => {
    expect(newsletterOffered({ edition: 'de', shopMode: 'default' })).toBe(true);
    expect(newsletterOffered({ edition: 'it', shopMode: 'default' })).toBe(true);
  });

  it('closes them where the edition has no newsletter', () => {
    expect(
      newsletterOffered({ edition: 'de', shopMode: 'default' }, { hasNewsletter: false }),
    ).toBe(false);
  });

  it.each(['b2bWidget', 'agan', 'aganwidget'] as const)(
    'closes them in the %s shop, whose footer offers no sign-up',
    (shopMode) => {
      expect(newsletterOffered({ edition: 'de', shopMode })).toBe(false);
    },
  );
});
