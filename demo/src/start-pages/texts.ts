import type { Content, Html } from './html.ts';
import type {
  AttributeName,
  Directive,
  EventField,
  EventName,
  PartName,
  PropertyName,
} from './surface.ts';

/**
 * Every language-dependent text of a start page. Strings are text (escaped where they go);
 * `html` fragments may carry markup such as `<code>`. Names, values, code and structure are the
 * template's (render.ts) and the surface's (surface.ts), the same in every language.
 */
export interface StartPageTexts {
  /** The `<title>`. */
  title: string;
  /** The `<meta name="description">`. */
  description: string;
  skipLink: string;
  languageNavigation: string;
  contentsNavigation: string;
  heading: string;
  intro: Content;
  /** The entries of the table of contents, by section; also the headings of most sections. */
  contents: Record<'snippet' | 'attributes' | 'events' | 'theming' | 'csp' | 'more', string>;
  walkthrough: { heading: string; steps: readonly Content[] };
  /** The copy buttons' feedback (`data-copied`) and labels. */
  copied: string;
  snippet: {
    heading: string;
    lead: string;
    copy: string;
    copyFailed: string;
    notes: readonly Content[];
    live: Content;
  };
  attributes: {
    lead: Content;
    /** The table's `aria-label` and its column headings. */
    table: string;
    columns: readonly [name: string, values: string, defaultValue: string, example: string];
    /** Per attribute: what it means, notes on single values, and the default in words. */
    rows: Record<
      AttributeName,
      { meaning?: Content; valueNotes?: Readonly<Record<string, Content>>; default?: Content }
    >;
  };
  events: {
    lead: Content;
    table: string;
    columns: readonly [name: string, when: string];
    rows: Record<EventName, { when: Content; fieldNotes?: Partial<Record<EventField, Content>> }>;
    /** The caption of the live widget whose events are logged; `attribute` is its start. */
    live: (attribute: Html) => Content;
    log: string;
    logEmpty: string;
  };
  theming: {
    lead: Content;
    cssLead: string;
    contrast: string;
    live: Content;
    propertiesHeading: string;
    propertiesLead: Content;
    propertiesTable: string;
    propertyColumns: readonly [name: string, styles: string, defaultValue: string];
    properties: Record<PropertyName, Content>;
    /** The default of a property that takes another's value. */
    valueOf: (property: Html) => Content;
    partsHeading: string;
    partsLead: Content;
    partsTable: string;
    partColumns: readonly [name: string, element: string];
    parts: Record<PartName, Content>;
  };
  csp: {
    heading: string;
    lead: Content;
    table: string;
    columns: readonly [directive: string, add: string, purpose: string];
    nothing: string;
    directives: Record<Directive, Content>;
    policyLead: Content;
    copy: string;
    copyFailed: string;
    /** Says what the page's own policy is; `origin` is this server's origin. */
    ownPolicy: (origin: Html) => Content;
    live: Content;
  };
  more: {
    lead: string;
    /** Each other demo page: its link text and what follows it. */
    pages: Record<'partner' | 'agan' | 'hostile' | 'module', readonly [link: string, rest: string]>;
  };
}
