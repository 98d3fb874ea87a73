// The start pages' one template: structure, ids, code samples, live widgets and the widget's
// surface (surface.ts) are written here once; each language brings its texts (en.ts, de.ts).
// The demo's build writes the result as `index.html` and `de.html` (vite-plugin.ts), static
// pages under a strict policy: nothing inline, every behaviour in `dist/start-page.js`.
import { de } from './de.ts';
import { en } from './en.ts';
import { code, type Content, escapeText, Html, html, join } from './html.ts';
import { attributes, events, originDirectives, parts, properties } from './surface.ts';
import type { StartPageTexts } from './texts.ts';

/** The pages, by language: the file each is written to, its address and its texts. */
export const startPages = {
  en: { file: 'index.html', href: './', name: 'English', texts: en },
  de: { file: 'de.html', href: 'de.html', name: 'Deutsch', texts: de },
} as const satisfies Record<
  string,
  { file: string; href: string; name: string; texts: StartPageTexts }
>;

export type StartPageLanguage = keyof typeof startPages;

/**
 * The origin the pages name until their script writes this server's own into every
 * `data-origin` element (src/start-page.ts).
 */
const placeholderOrigin = 'https://shop.example';

/** The page's own policy, in its `<meta>` and shown word for word. */
const pagePolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; media-src 'self'; base-uri 'none'";

/** The policy a partner's page may send, our origin added where the widget needs it. */
const partnerPolicy = [
  "Content-Security-Policy: default-src 'self'",
  ...originDirectives.map((directive) => `${directive} 'self' ${placeholderOrigin}`),
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/** The element of the snippet, which is also the first live widget. */
const snippetElement = '<tradein-widget edition="de"></tradein-widget>';
const snippet = `<script src="${placeholderOrigin}/widget/tradein-widget.js"></script>\n${snippetElement}`;

const eventsExample = `document.addEventListener('tradein:offer', (event) => {
  console.log(event.detail.priceCents / 100, event.detail.currency);
});`;

/** The live widget whose events the log shows, and the attribute it starts with. */
const eventsStart = 'category="smartphones"';

/** Code whose placeholder origin the page's script replaces (`data-origin`). */
function withOrigin(text: string): Html {
  return new Html(
    escapeText(text).replaceAll(placeholderOrigin, `<span data-origin>${placeholderOrigin}</span>`),
  );
}

/** A block of code, shown as written. */
function codeBlock(text: string | Html, id: string): Html {
  const markup = text instanceof Html ? text : new Html(escapeText(text));
  return html`<pre class="code" id="${id}"><code>${markup}</code></pre>`;
}

/**
 * Code that names this server's origin, with a button that copies it; `ids` of the code and of
 * the status message that says whether copying worked.
 */
function copyableCode(
  text: string,
  ids: { code: string; status: string },
  labels: { copy: string; copyFailed: string },
  copied: string,
): Html {
  return html`${codeBlock(withOrigin(text), ids.code)}
    <div class="copy">
      <button
        type="button"
        class="button"
        data-copy="${ids.code}"
        data-status="${ids.status}"
        data-copied="${copied}"
        data-copy-failed="${labels.copyFailed}"
        hidden
      >
        ${labels.copy}
      </button>
      <p class="copy-status" id="${ids.status}" role="status"></p>
    </div>`;
}

/** A section of the page under its heading, which names it (`aria-labelledby`). */
function section(id: string, heading: Content, body: Html, headingId = `${id}-title`): Html {
  return html`<section id="${id}" aria-labelledby="${headingId}">
    <h2 id="${headingId}">${heading}</h2>
    ${body}
  </section>`;
}

/** A live widget under its caption. */
function live(caption: Content, widget: string): Html {
  return html`<figure class="live">
    <figcaption>${caption}</figcaption>
    ${new Html(widget)}
  </figure>`;
}

/** Explanations beside the live widget they explain (side by side on wide screens). */
function beside(explained: Html, caption: Content, widget: string): Html {
  return html`<div class="beside">
    <div class="explained">${explained}</div>
    ${live(caption, widget)}
  </div>`;
}

/** A table in its own scrolling region; `reference` names it for the drift test. */
function table(
  label: string,
  columns: readonly Content[],
  rows: readonly Html[],
  reference?: string,
): Html {
  const referenceAttribute = reference === undefined ? '' : html` data-reference="${reference}"`;
  return html`<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">
          <table${referenceAttribute}>
            <thead>
              <tr>
                ${columns.map((column) => html`<th scope="col">${column}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>
        </div>`;
}

/** The paragraph and the table of a reference (`data-reference`, read by the drift test). */
function referenceTable(
  reference: string,
  texts: { lead: Content; label: string; columns: readonly string[] },
  rows: readonly Html[],
  moreColumns: readonly Content[] = [],
): Html {
  return html`<p>${texts.lead}</p>
    ${table(texts.label, [...texts.columns, ...moreColumns], rows, reference)}`;
}

/** A reference under its own third-level heading. */
function subsection(
  reference: string,
  texts: { heading: string; lead: Content; label: string; columns: readonly string[] },
  rows: readonly Html[],
): Html {
  return html`<h3 id="${reference}-title">${texts.heading}</h3>
    ${referenceTable(reference, texts, rows)}`;
}

/** A documented row: `data-*` for the drift test, the name as the row's heading. */
function row(
  name: string,
  data: Readonly<Record<string, string>>,
  cells: readonly Content[],
): Html {
  const dataAttributes = Object.entries({ name, ...data }).map(
    ([key, value]) => html`data-${key}="${value}"`,
  );
  return html`<tr ${join(dataAttributes, ' ')}>
    <th scope="row">${code(name)}</th>
    ${cells.map((cell) => html`<td>${cell}</td>`)}
  </tr>`;
}

/** Names with a note each may have: `a`, `b` (note), `c`. */
function namesWithNotes(
  names: readonly string[],
  notes: Readonly<Partial<Record<string, Content>>> = {},
): Html {
  return join(
    names.map((name) => {
      const note = notes[name];
      return note === undefined ? code(name) : html`${code(name)} (${note})`;
    }),
    ', ',
  );
}

function attributeRows(texts: StartPageTexts): Html[] {
  return attributes.map((attribute) => {
    const { meaning, valueNotes, default: defaultText } = texts.attributes.rows[attribute.name];
    const values = 'values' in attribute ? attribute.values : undefined;
    const valuesCell =
      values === undefined
        ? (meaning ?? '')
        : meaning === undefined
          ? namesWithNotes(values, valueNotes)
          : html`${namesWithNotes(values, valueNotes)}: ${meaning}`;
    const defaultCell = 'defaultValue' in attribute ? code(attribute.defaultValue) : defaultText;
    if (defaultCell === undefined)
      throw new Error(`no default for the attribute ${attribute.name}`);
    return row(attribute.name, values === undefined ? {} : { values: values.join(' ') }, [
      valuesCell,
      defaultCell,
      code(`${attribute.name}="${attribute.example}"`),
    ]);
  });
}

function eventRows(texts: StartPageTexts): Html[] {
  return events.map(({ name, fields }) => {
    const { when, fieldNotes } = texts.events.rows[name];
    return row(name, { fields: fields.join(' ') }, [when, namesWithNotes(fields, fieldNotes)]);
  });
}

function propertyRows(texts: StartPageTexts): Html[] {
  return properties.map(({ name, default: value }) => {
    const other = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    const defaultCell = other === undefined ? code(value) : texts.theming.valueOf(code(other));
    return row(name, { default: value }, [texts.theming.properties.rows[name], defaultCell]);
  });
}

function directiveRows(texts: StartPageTexts): Html[] {
  const origin = html`<code data-origin>${placeholderOrigin}</code>`;
  return [...originDirectives, 'style-src' as const].map(
    (directive) =>
      html`<tr>
        <th scope="row">${code(directive)}</th>
        <td>${directive === 'style-src' ? texts.csp.nothing : origin}</td>
        <td>${texts.csp.directives[directive]}</td>
      </tr>`,
  );
}

/** A start page in one language; `themeCss` is the text of `theme-example.css`, shown as it is. */
export function renderStartPage(language: StartPageLanguage, themeCss: string): string {
  const { texts } = startPages[language];
  const { contents } = texts;
  const languageLinks = Object.entries(startPages).map(([other, page]) =>
    other === language
      ? html`<li>
          <a href="${page.href}" hreflang="${other}" aria-current="page">${page.name}</a>
        </li>`
      : html`<li><a href="${page.href}" hreflang="${other}" lang="${other}">${page.name}</a></li>`,
  );
  const alternates = Object.entries(startPages).map(
    ([other, page]) => html`<link rel="alternate" hreflang="${other}" href="${page.href}" />`,
  );
  const otherPages = (['partner', 'agan', 'hostile', 'module'] as const).map((page) => {
    const [link, rest] = texts.more.pages[page];
    return html`<li><a href="${page}.html">${link}</a>${rest}</li>`;
  });

  const page = html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${pagePolicy}" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${texts.title}</title>
        <meta name="description" content="${texts.description}" />
        ${alternates}
        <link rel="alternate" hreflang="x-default" href="${startPages.en.href}" />
        <link rel="stylesheet" href="start.css" />
        <link rel="stylesheet" href="theme-example.css" />
        <script src="dist/start-page.js"></script>
        <script src="/widget/tradein-widget.js"></script>
      </head>
      <body>
        <a class="skip-link" href="#main">${texts.skipLink}</a>
        <header class="page-header">
          <p class="brand">&lt;tradein-widget&gt;</p>
          <nav aria-label="${texts.languageNavigation}">
            <ul class="language-switch">
              ${languageLinks}
            </ul>
          </nav>
        </header>
        <main id="main">
          <section class="intro" aria-labelledby="title">
            <h1 id="title">${texts.heading}</h1>
            <p>${texts.intro}</p>
            <nav aria-label="${texts.contentsNavigation}">
              <ul class="contents">
                <li><a href="#snippet-section">${contents.snippet}</a></li>
                <li><a href="#attributes">${contents.attributes}</a></li>
                <li><a href="#events">${contents.events}</a></li>
                <li><a href="#theming">${contents.theming}</a></li>
                <li><a href="#csp">${contents.csp}</a></li>
                <li><a href="#more">${contents.more}</a></li>
              </ul>
            </nav>
          </section>

          <section aria-labelledby="walkthrough">
            <h2 id="walkthrough">${texts.walkthrough.heading}</h2>
            <ol class="steps">
              ${texts.walkthrough.steps.map((step) => html`<li>${step}</li>`)}
            </ol>
          </section>

          ${section(
            'snippet-section',
            texts.snippet.heading,
            beside(
              html`<p>${texts.snippet.lead}</p>
                ${copyableCode(
                  snippet,
                  { code: 'snippet', status: 'snippet-copied' },
                  texts.snippet,
                  texts.copied,
                )}
                ${texts.snippet.notes.map((note) => html`<p>${note}</p>`)}`,
              texts.snippet.live,
              snippetElement,
            ),
            'snippet-title',
          )}
          ${section(
            'attributes',
            contents.attributes,
            referenceTable('attributes', texts.attributes, attributeRows(texts)),
          )}
          ${section(
            'events',
            contents.events,
            html`${referenceTable('events', texts.events, eventRows(texts), [code('detail')])}
              ${codeBlock(eventsExample, 'events-example')}
              <div class="beside">
                ${live(
                  texts.events.live(code(eventsStart)),
                  `<tradein-widget id="events-widget" edition="de" ${eventsStart}></tradein-widget>`,
                )}
                <div class="event-log-box">
                  <h3 id="event-log-title">${texts.events.log}</h3>
                  <p id="event-log-empty" class="muted">${texts.events.logEmpty}</p>
                  <div class="event-log" role="log" aria-labelledby="event-log-title" tabindex="0">
                    <ol id="event-log"></ol>
                  </div>
                </div>
              </div>`,
          )}
          ${section(
            'theming',
            contents.theming,
            html`<p>${texts.theming.lead}</p>
              ${beside(
                html`<p>${texts.theming.cssLead}</p>
                  ${codeBlock(themeCss.trim(), 'theme-css')}
                  <p>${texts.theming.contrast}</p>`,
                texts.theming.live,
                '<tradein-widget class="themed" edition="de" mode="b2bWidget" partner="musterhandel"></tradein-widget>',
              )}
              ${[
                subsection('properties', texts.theming.properties, propertyRows(texts)),
                subsection(
                  'parts',
                  texts.theming.parts,
                  parts.map((part) => row(part, {}, [texts.theming.parts.rows[part]])),
                ),
              ]}`,
          )}
          ${section(
            'csp',
            texts.csp.heading,
            html`<p>${texts.csp.lead}</p>
              ${table(texts.csp.label, texts.csp.columns, directiveRows(texts))}
              <p>${texts.csp.policyLead}</p>
              ${copyableCode(
                partnerPolicy,
                { code: 'csp-policy', status: 'csp-copied' },
                texts.csp,
                texts.copied,
              )}
              ${beside(
                html`<p>
                    ${texts.csp.ownPolicy(html`<code data-origin>${placeholderOrigin}</code>`)}
                  </p>
                  ${codeBlock(pagePolicy, 'page-policy')}`,
                texts.csp.live,
                '<tradein-widget id="csp-widget" edition="at" device="apple-iphone-13-128-gb"></tradein-widget>',
              )}`,
          )}
          ${section(
            'more',
            contents.more,
            html`<p>${texts.more.lead}</p>
              <ul class="more-pages">
                ${otherPages}
              </ul>`,
          )}
        </main>
      </body>
    </html>`;
  return `${page.markup}\n`;
}
