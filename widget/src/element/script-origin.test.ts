import { describe, expect, it } from 'vitest';
import { scriptOrigin } from './script-origin.ts';

describe('scriptOrigin', () => {
  it('takes the origin of the module, not the page', () => {
    expect(
      scriptOrigin(
        'https://shop.example.com/widget/tradein-widget.mjs',
        'https://partner.example.org/',
      ),
    ).toBe('https://shop.example.com');
  });

  it.each([undefined, 'file:///srv/widget/tradein-widget.mjs'])(
    'falls back to the page origin for a module URL without one (%s)',
    (moduleUrl) => {
      expect(scriptOrigin(moduleUrl, 'https://partner.example.org/a/b')).toBe(
        'https://partner.example.org',
      );
    },
  );
});
