import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { editionCodes } from '../../editions/src/edition-code.ts';
import { shopModes } from '../../editions/src/shop-mode.ts';
import {
  historyModes,
  startSteps,
  trackingConsentValues,
} from '../../widget/src/element/widget-attributes.ts';
import { renderStartPage, type StartPageLanguage } from './start-pages/render.ts';
import { widgetEventNames } from './widget-event-names.ts';

/*
 * The demo start pages document the widget's public surface, written by hand once
 * (start-pages/surface.ts) and described in two languages (start-pages/en.ts, de.ts). This test
 * renders both pages as the build does (start-pages/render.ts), reads that surface from the
 * widget's source (attributes, events and their details, `--tradein-*` properties and their
 * defaults, `part` names) and fails when a page leaves one out or documents one that does not
 * exist.
 */

const demoDirectory = fileURLToPath(new URL('../', import.meta.url));
const widgetSource = fileURLToPath(new URL('../../widget/src/', import.meta.url));

const themeCss = readFileSync(join(demoDirectory, 'theme-example.css'), 'utf8');
const pages = {
  en: renderStartPage('en', themeCss),
  de: renderStartPage('de', themeCss),
} satisfies Record<StartPageLanguage, string>;

function read(path: string): string {
  return readFileSync(path, 'utf8');
}

/** Files below a folder (tests excluded) whose names end in one of `extensions`. */
function sourceFiles(directory: string, extensions: readonly string[]): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .filter((name) => !/\.test\.tsx?$/.test(name))
    .map((name) => join(directory, name))
    .toSorted();
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].toSorted();

/** Text of HTML as a reader sees it: tags removed, the five entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function attributesOf(tag: string): Map<string, string> {
  return new Map(
    [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name ?? '', value ?? '']),
  );
}

interface DocumentedRow {
  attributes: Map<string, string>;
  html: string;
}

/** The rows of `<table data-reference="…">` in a page, by their `data-name`. */
function documentedRows(page: string, reference: string): Map<string, DocumentedRow> {
  const table = new RegExp(`<table data-reference="${reference}">([\\s\\S]*?)</table>`).exec(page);
  if (table === null) throw new Error(`no table data-reference="${reference}"`);
  const rows = new Map<string, DocumentedRow>();
  for (const [, tag = '', html = ''] of (table[1] ?? '').matchAll(
    /(<tr\s[^>]*>)([\s\S]*?)<\/tr>/g,
  )) {
    const attributes = attributesOf(tag);
    const name = attributes.get('data-name');
    if (name === undefined) continue;
    expect(rows.has(name), `${reference}: ${name} documented twice`).toBe(false);
    rows.set(name, { attributes, html });
  }
  return rows;
}

/** The text of the element with an id (`<pre id="…">…</pre>`). */
function textById(page: string, id: string): string {
  const element = new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(page);
  if (element === null) throw new Error(`no element with id ${id}`);
  return textOf(element[2] ?? '');
}

// The widget's source of truth.

const attributesSource = read(join(widgetSource, 'element/widget-attributes.ts'));
const attributeNames = sorted(
  [
    ...(/export type WidgetAttributeName =([^;]+);/.exec(attributesSource)?.[1] ?? '').matchAll(
      /'([\w-]+)'/g,
    ),
  ].map(([, name]) => name ?? ''),
);
const attributeValues: Readonly<Record<string, readonly string[]>> = {
  edition: editionCodes,
  mode: shopModes,
  step: startSteps,
  history: historyModes,
  'tracking-consent': trackingConsentValues,
};

const eventsSource = read(join(widgetSource, 'shared/widget-events.ts'));
const eventMap = /export interface TradeinEventMap \{([\s\S]*?)\n\}/.exec(eventsSource)?.[1] ?? '';
/** Each event of `TradeinEventMap` with the fields of its detail interface. */
const eventDetails = new Map(
  [...eventMap.matchAll(/'(tradein:[\w-]+)': CustomEvent<(\w+)>/g)].map(([, name, type]) => {
    const body =
      new RegExp(`export interface ${type} \\{([\\s\\S]*?)\\n\\}`).exec(eventsSource)?.[1] ?? '';
    const fields = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, field]) => field ?? '');
    return [name ?? '', sorted(fields)] as const;
  }),
);
const widgetCode = sourceFiles(widgetSource, ['.ts', '.tsx'])
  .map((path) => read(path))
  .join('\n');
const dispatchedEvents = sorted(
  [...widgetCode.matchAll(/dispatchWidgetEvent\(\s*\w+,\s*'(tradein:[\w-]+)'/g)].map(
    ([, name]) => name ?? '',
  ),
);

const stylesheets = sourceFiles(widgetSource, ['.css']).map((path) => ({
  path: relative(widgetSource, path),
  css: read(path),
}));
const customProperties = sorted(
  stylesheets.flatMap(({ css }) =>
    [...css.matchAll(/--tradein-[a-z0-9-]+/g)].map(([name]) => name),
  ),
);

/** The fallback of every `var(--name, fallback)`, balanced parentheses included. */
function fallbacks(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const match of css.matchAll(/var\((--[\w-]+),\s*/g)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    for (; end < css.length && depth > 0; end += 1) {
      if (css[end] === '(') depth += 1;
      if (css[end] === ')') depth -= 1;
    }
    const name = match[1] ?? '';
    const values = found.get(name) ?? new Set<string>();
    values.add(css.slice(start, end - 1).trim());
    found.set(name, values);
  }
  return found;
}

const allCss = stylesheets.map(({ css }) => css).join('\n');
const fallbacksByName = fallbacks(allCss);
/** What an internal token (`--ti-*`) stands for: the public property it reads, if any. */
const internalTokens = new Map(
  [...allCss.matchAll(/(--ti-[\w-]+):\s*var\((--tradein-[\w-]+)/g)].map(([, token, property]) => [
    token ?? '',
    property ?? '',
  ]),
);
/**
 * The defaults of a public property as the page writes them: a literal value, or
 * `var(--tradein-…)` where the fallback is another property's value.
 */
function defaultsOf(property: string): string[] {
  return [...(fallbacksByName.get(property) ?? [])].map((fallback) => {
    const internal = /^var\((--ti-[\w-]+)\)$/.exec(fallback)?.[1];
    const publicName = internal === undefined ? undefined : internalTokens.get(internal);
    return publicName === undefined ? fallback : `var(${publicName})`;
  });
}

const partNames = sorted(
  [
    ...widgetCode.matchAll(/\bpart="([^"]+)"/g),
    ...widgetCode.matchAll(/\bpart: '([^']+)'/g),
    // `part={…}`: every string literal of the expression is a name it may take.
    ...[...widgetCode.matchAll(/\bpart=\{([^}\n]+)\}/g)].flatMap(([, expression]) => [
      ...(expression ?? '').matchAll(/'([^']+)'/g),
    ]),
  ].flatMap(([, names]) => (names ?? '').split(/\s+/)),
);

describe('the widget surface read from the source', () => {
  // The readers above must find something, or the page checks below would pass on nothing.
  it('finds attributes, events, properties and parts', () => {
    expect(attributeNames).toContain('edition');
    expect(attributeNames.length).toBeGreaterThanOrEqual(9);
    expect([...eventDetails.keys()]).toContain('tradein:navigate');
    expect(eventDetails.get('tradein:navigate')).toEqual(['path', 'step']);
    expect(customProperties).toContain('--tradein-color-text');
    expect(partNames).toEqual(expect.arrayContaining(['root', 'heading', 'button', 'primary']));
  });

  it('every event of the event map is dispatched, and the event log listens for each', () => {
    expect(dispatchedEvents).toEqual(sorted(eventDetails.keys()));
    expect(sorted(widgetEventNames)).toEqual(sorted(eventDetails.keys()));
  });
});

describe.each(Object.entries(pages))('the %s start page', (_language, page) => {
  it('documents every attribute, with the values the widget accepts', () => {
    const rows = documentedRows(page, 'attributes');
    expect(sorted(rows.keys())).toEqual(attributeNames);
    for (const [name, { attributes, html }] of rows) {
      const values = attributeValues[name];
      const documented = attributes.get('data-values')?.split(' ');
      expect(documented, `values of ${name}`).toEqual(
        values === undefined ? undefined : [...values],
      );
      for (const value of values ?? []) expect(html).toContain(`<code>${value}</code>`);
      expect(html, `the example of ${name}`).toContain(`<code>${name}="`);
    }
  });

  it('documents every event with the fields of its detail', () => {
    const rows = documentedRows(page, 'events');
    expect(sorted(rows.keys())).toEqual(sorted(eventDetails.keys()));
    for (const [name, { attributes, html }] of rows) {
      const fields = eventDetails.get(name) ?? [];
      expect(sorted(attributes.get('data-fields')?.split(' ') ?? []), `detail of ${name}`).toEqual(
        fields,
      );
      for (const field of fields)
        expect(html, `${name} ${field}`).toContain(`<code>${field}</code>`);
    }
  });

  it('documents every --tradein-* property with a default the stylesheets give it', () => {
    const rows = documentedRows(page, 'properties');
    expect(sorted(rows.keys())).toEqual(customProperties);
    for (const [name, { attributes, html }] of rows) {
      const documented = attributes.get('data-default') ?? '';
      expect(defaultsOf(name), `the default of ${name}`).toContain(documented);
      expect(textOf(html)).toContain(documented.replace(/^var\((.*)\)$/, '$1'));
    }
  });

  it('documents every part name', () => {
    expect(sorted(documentedRows(page, 'parts').keys())).toEqual(partNames);
  });

  it('shows the theme stylesheet it links, which uses only existing properties and parts', () => {
    expect(page).toContain('<link rel="stylesheet" href="theme-example.css" />');
    expect(textById(page, 'theme-css').trim()).toBe(themeCss.trim());
    const usedProperties = sorted([...themeCss.matchAll(/--tradein-[a-z0-9-]+/g)].map(([n]) => n));
    expect(customProperties).toEqual(expect.arrayContaining(usedProperties));
    const usedParts = sorted([...themeCss.matchAll(/::part\(([\w-]+)\)/g)].map(([, n]) => n ?? ''));
    expect(usedParts.length).toBeGreaterThan(0);
    expect(partNames).toEqual(expect.arrayContaining(usedParts));
  });

  it('shows the policy it runs under, word for word', () => {
    const policy = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page);
    expect(policy?.[1]).toContain("script-src 'self'");
    expect(textById(page, 'page-policy')).toBe(policy?.[1]);
  });

  it('offers the snippet with the script URL and the element', () => {
    const snippet = textById(page, 'snippet');
    expect(snippet).toMatch(
      /^<script src="https:\/\/shop\.example\/widget\/tradein-widget\.js"><\/script>\n<tradein-widget edition="de"><\/tradein-widget>$/,
    );
    // The origin is this server's, written by the page's script.
    expect(page).toContain(
      '<span data-origin>https://shop.example</span>/widget/tradein-widget.js',
    );
    expect(page).toContain('<script src="dist/start-page.js"></script>');
  });
});

describe('the two start pages', () => {
  const { en: english, de: german } = pages;

  it('name their language and link each other', () => {
    expect(english).toContain('<html lang="en">');
    expect(german).toContain('<html lang="de">');
    for (const page of [english, german]) {
      expect(page).toContain('<link rel="alternate" hreflang="en" href="./" />');
      expect(page).toContain('<link rel="alternate" hreflang="de" href="de.html" />');
    }
  });

  it('carry the same policy', () => {
    expect(textById(german, 'page-policy')).toBe(textById(english, 'page-policy'));
    expect(textById(german, 'csp-policy')).toBe(textById(english, 'csp-policy'));
  });
});
