// The widget's public surface as the start pages document it, written once for both languages:
// names, values, examples and defaults. The dictionaries (en.ts, de.ts) say what each one does;
// `demo-reference.test.ts` holds this list against the widget's source.

interface AttributeRow {
  name: string;
  /** The values the widget accepts, where it accepts a fixed set. */
  values?: readonly string[];
  /** A default that is one of the values; otherwise the dictionary says what happens. */
  defaultValue?: string;
  /** The value of the example (`name="example"`). */
  example: string;
}

export const attributes = [
  { name: 'edition', values: ['at', 'de', 'es', 'fr', 'it'], example: 'de' },
  {
    name: 'mode',
    values: ['default', 'b2bWidget', 'agan', 'aganwidget'],
    defaultValue: 'default',
    example: 'b2bWidget',
  },
  { name: 'api-base', example: 'https://api.shop.example' },
  { name: 'category', example: 'smartphones' },
  { name: 'device', example: 'apple-iphone-13-128-gb' },
  { name: 'partner', example: 'musterhandel' },
  { name: 'step', values: ['search', 'cart', 'checkout'], example: 'checkout' },
  { name: 'history', values: ['push'], example: 'push' },
  { name: 'tracking-consent', values: ['granted', 'denied'], example: 'granted' },
] as const satisfies readonly AttributeRow[];

export type AttributeName = (typeof attributes)[number]['name'];

/** Each event with the fields of its `detail`, in the order the page lists them. */
export const events = [
  { name: 'tradein:ready', fields: ['edition', 'mode'] },
  { name: 'tradein:navigate', fields: ['step', 'path'] },
  {
    name: 'tradein:offer',
    fields: ['offerId', 'deviceId', 'priceCents', 'currency', 'validUntil'],
  },
  {
    name: 'tradein:add-to-cart',
    fields: ['offerId', 'deviceId', 'priceCents', 'currency', 'quantity'],
  },
  { name: 'tradein:trade-created', fields: ['tradeNumber'] },
] as const satisfies readonly { name: string; fields: readonly string[] }[];

export type EventName = (typeof events)[number]['name'];
export type EventField = (typeof events)[number]['fields'][number];

/**
 * Each `--tradein-*` property with its default: a value, or `var(--tradein-…)` where it takes
 * another property's value.
 */
export const properties = [
  { name: '--tradein-color-text', default: '#172b4d' },
  { name: '--tradein-color-muted', default: '#5a6578' },
  { name: '--tradein-color-background', default: '#fff' },
  { name: '--tradein-color-surface', default: '#f3f6fb' },
  { name: '--tradein-color-input-background', default: '#fff' },
  { name: '--tradein-color-border', default: '#6b7686' },
  { name: '--tradein-color-divider', default: '#d6dde8' },
  { name: '--tradein-color-focus', default: '#0b57d0' },
  { name: '--tradein-color-accent', default: 'var(--tradein-color-focus)' },
  { name: '--tradein-color-accent-text', default: '#fff' },
  { name: '--tradein-color-accent-soft', default: '#e9f1fd' },
  { name: '--tradein-color-option-active', default: 'var(--tradein-color-accent-soft)' },
  { name: '--tradein-color-success-text', default: '#116329' },
  { name: '--tradein-color-success-background', default: '#e6f6ea' },
  { name: '--tradein-color-error', default: '#c62828' },
  { name: '--tradein-color-error-text', default: '#8a1c1c' },
  { name: '--tradein-color-error-background', default: '#fdf0f0' },
  { name: '--tradein-color-skeleton', default: '#e8edf3' },
  {
    name: '--tradein-font-family',
    default: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  { name: '--tradein-font-size', default: '16px' },
  { name: '--tradein-space', default: '16px' },
  { name: '--tradein-radius', default: '8px' },
] as const satisfies readonly { name: string; default: string }[];

export type PropertyName = (typeof properties)[number]['name'];

/** The `part` names, in the order the page lists them. */
export const parts = [
  'root',
  'heading',
  'button',
  'primary',
  'cart-link',
  'alert',
  'search',
  'label',
  'input',
  'hint',
  'results',
  'option',
  'skeleton',
  'notice',
  'thumbnail',
  'breadcrumbs',
  'tiles',
  'tile',
  'chip',
  'device-header',
  'variant',
  'progress',
  'question',
  'answer',
  'conditions-video',
  'price-preview',
  'conditions',
  'price',
  'cart-lines',
  'field-error',
] as const;

export type PartName = (typeof parts)[number];

/** The directives a partner's policy adds our origin to; `style-src` needs nothing. */
export const originDirectives = ['script-src', 'connect-src', 'img-src', 'media-src'] as const;

export type Directive = (typeof originDirectives)[number] | 'style-src';
