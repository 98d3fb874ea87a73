import r2wc from '@r2wc/react-to-web-component';
import { widgetStyleSheet } from './widget-stylesheet.ts';
import { WidgetRoot } from './widget-root.tsx';

/** Element attribute → component prop; r2wc maps `apiBase` to `api-base`. */
const attributeProps = {
  edition: 'string',
  mode: 'string',
  apiBase: 'string',
  category: 'string',
  device: 'string',
  partner: 'string',
  trackingConsent: 'string',
} as const;

const propOfAttribute: Readonly<Record<string, keyof typeof attributeProps>> = {
  edition: 'edition',
  mode: 'mode',
  'api-base': 'apiBase',
  category: 'category',
  device: 'device',
  partner: 'partner',
  'tracking-consent': 'trackingConsent',
};

// r2wc keeps its props and render hook under registered symbols.
const r2wcProps = Symbol.for('r2wc.props');
const r2wcRender = Symbol.for('r2wc.render');

interface R2wcInternals {
  [r2wcProps]: Record<string, unknown>;
  [r2wcRender]: () => void;
}

const R2wcElement = r2wc(WidgetRoot, { shadow: 'open', props: attributeProps }) as unknown as {
  new (): HTMLElement & {
    attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
  };
};

/** Builds the `<tradein-widget>` class: the React root in an open shadow root. */
export function createWidgetElementClass(): CustomElementConstructor {
  return class TradeinWidget extends R2wcElement {
    constructor() {
      super();
      // Styles live only inside the shadow root; the host page's document is never touched.
      if (this.shadowRoot !== null) this.shadowRoot.adoptedStyleSheets = [widgetStyleSheet()];
    }

    override attributeChangedCallback(
      name: string,
      oldValue: string | null,
      value: string | null,
    ): void {
      super.attributeChangedCallback(name, oldValue, value);
      // r2wc ignores a removed or emptied attribute; the element must then report it missing.
      const prop = propOfAttribute[name];
      if (prop !== undefined && (value === null || value === '')) {
        const internals = this as unknown as R2wcInternals;
        internals[r2wcProps][prop] = undefined;
        internals[r2wcRender]();
      }
    }
  };
}
