import { describe, expect, it } from 'vitest';
import { scriptOrigin } from './script-origin.ts';

function scriptWithSource(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  return script;
}

describe('scriptOrigin', () => {
  it('takes the origin of the classic script that is running', () => {
    expect(
      scriptOrigin(
        scriptWithSource('https://cdn.example.com/widget/tradein-widget.js'),
        undefined,
        'https://partner.example.org/page',
      ),
    ).toBe('https://cdn.example.com');
  });

  it('takes the module URL when there is no current script', () => {
    expect(
      scriptOrigin(
        null,
        'https://shop.example.com/widget/tradein-widget.mjs',
        'https://partner.example.org/',
      ),
    ).toBe('https://shop.example.com');
  });

  it('falls back to the page origin for an inline script', () => {
    expect(
      scriptOrigin(document.createElement('script'), undefined, 'https://partner.example.org/a/b'),
    ).toBe('https://partner.example.org');
  });
});
