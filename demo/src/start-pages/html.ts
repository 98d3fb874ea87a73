// A fragment type and a tagged template for the start pages' HTML: what a template or a
// dictionary writes literally is markup, every string put into it is text, escaped on the way
// in. No template library: the pages are rendered once, at build time.

/** Markup, inserted as it is. Made only by `html` (and the helpers below), never from input. */
export class Html {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What a page says: markup, or text that is escaped where it is inserted. */
export type Content = Html | string;

type Insertion = Content | readonly Content[];

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** Text safe in an element and in a double-quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => entities[character] ?? character);
}

/** Text safe in an element; quotes kept, so that code such as `edition="de"` reads as written. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => entities[character] ?? character);
}

const markupOf = (content: Content): string =>
  content instanceof Html ? content.markup : escapeHtml(content);

/**
 * Markup with its insertions: fragments as they are, strings escaped. A list's items go one a
 * line, at the indentation of the line they are inserted on, so that the page reads well.
 */
export function html(strings: TemplateStringsArray, ...insertions: readonly Insertion[]): Html {
  let markup = strings[0] ?? '';
  insertions.forEach((insertion, index) => {
    const contents: readonly Content[] = Array.isArray(insertion) ? insertion : [insertion];
    const indentation = /\n([ ]*)$/.exec(markup)?.[1];
    const separator = indentation === undefined ? '' : `\n${indentation}`;
    markup += contents.map(markupOf).join(separator) + (strings[index + 1] ?? '');
  });
  return new Html(markup);
}

/** Fragments joined by a separator (`, ` between names). */
export function join(contents: readonly Content[], separator: string): Html {
  return new Html(contents.map(markupOf).join(separator));
}

/** `<code>` around text: a name, a value, an example. */
export function code(text: string): Html {
  return new Html(`<code>${escapeText(text)}</code>`);
}
