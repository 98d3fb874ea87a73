import { describe, expect, it } from 'vitest';
import { code, html, join } from './html.ts';

describe('html', () => {
  it('escapes inserted text, for elements and double-quoted attributes alike', () => {
    const text = 'a < b & "c" > d';
    expect(html`<p title="${text}">${text}</p>`.markup).toBe(
      '<p title="a &lt; b &amp; &quot;c&quot; &gt; d">a &lt; b &amp; &quot;c&quot; &gt; d</p>',
    );
  });

  it('inserts fragments as they are', () => {
    expect(html`<td>${html`<code>x</code> & more`}</td>`.markup).toBe(
      '<td><code>x</code> & more</td>',
    );
  });

  it('puts a list one item a line at the indentation it is inserted on', () => {
    expect(
      html`<ul>
        ${['a', html`<b>b</b>`]}
      </ul>`.markup,
    ).toBe('<ul>\n        a\n        <b>b</b>\n      </ul>');
    expect(html`<p>${['a', 'b']}</p>`.markup).toBe('<p>ab</p>');
  });
});

describe('code', () => {
  it('keeps quotes, so that an example reads as written, and escapes markup', () => {
    expect(code('edition="de"').markup).toBe('<code>edition="de"</code>');
    expect(code('<tradein-widget>').markup).toBe('<code>&lt;tradein-widget&gt;</code>');
  });
});

describe('join', () => {
  it('joins fragments and escaped text with a separator', () => {
    expect(join([code('a'), 'b & c'], ', ').markup).toBe('<code>a</code>, b &amp; c');
  });
});
