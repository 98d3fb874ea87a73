import type { Content, Html } from './html.ts';
import type {
  AttributeName,
  Directive,
  EventField,
  EventName,
  PartName,
  PropertyName,
} from './surface.ts';

/** A table of names (surface.ts), introduced by a paragraph. */
interface ReferenceTable<Name extends string, Row> {
  lead: Content;
  /** The table's `aria-label`. */
  label: string;
  /** The column headings, the names' column first. */
  columns: readonly string[];
  rows: Record<Name, Row>;
}

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
  /** What the copy buttons say when they copied (`data-copied`). */
  copied: string;
  snippet: {
    heading: string;
    lead: string;
    copy: string;
    copyFailed: string;
    notes: readonly Content[];
    live: Content;
  };
  /** Per attribute: what it means, notes on single values, and the default in words. */
  attributes: ReferenceTable<
    AttributeName,
    { meaning?: Content; valueNotes?: Readonly<Record<string, Content>>; default?: Content }
  >;
  /** Per event: when it fires, and notes on fields of its `detail`. */
  events: ReferenceTable<
    EventName,
    { when: Content; fieldNotes?: Partial<Record<EventField, Content>> }
  > & {
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
    /** Per property: what it styles. */
    properties: ReferenceTable<PropertyName, Content> & { heading: string };
    /** The default of a property that takes another's value. */
    valueOf: (property: Html) => Content;
    /** Per part: the element that carries it. */
    parts: ReferenceTable<PartName, Content> & { heading: string };
  };
  csp: {
    heading: string;
    lead: Content;
    /** The directives' table: its `aria-label` and column headings. */
    label: string;
    columns: readonly string[];
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
