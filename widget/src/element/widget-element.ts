import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RawWidgetAttributes } from './widget-attributes.ts';
import { widgetStyleSheet } from './widget-stylesheet.ts';
import { WidgetRoot } from './widget-root.tsx';

/**
 * The element's properties and the attributes they stand for. A property reads and writes its
 * attribute, so `el.apiBase = '…'` and `api-base="…"` are the same configuration.
 */
const widgetProperties = {
  edition: 'edition',
  mode: 'mode',
  apiBase: 'api-base',
  category: 'category',
  device: 'device',
  partner: 'partner',
  step: 'step',
  history: 'history',
  trackingConsent: 'tracking-consent',
} as const satisfies Record<keyof RawWidgetAttributes, string>;

type WidgetProperty = keyof typeof widgetProperties;
const propertyNames = Object.keys(widgetProperties) as WidgetProperty[];

/**
 * Builds the `<tradein-widget>` class: a React root in an open shadow root, rendered from the
 * element's attributes.
 *
 * Frameworks set attributes one at a time, in the order they are written, and may set
 * properties before the script has defined the element. So the element renders once the
 * current task is over, from the attributes as they then stand: a half-set configuration is
 * never shown or reported.
 */
export function createWidgetElementClass(): CustomElementConstructor {
  class TradeinWidget extends HTMLElement {
    static readonly observedAttributes: readonly string[] = Object.values(widgetProperties);

    readonly #shadow: ShadowRoot;
    #root: Root | undefined;
    #scheduled = false;
    #flowStep: unknown = undefined;

    /**
     * The step to show, as a `tradein:navigate` event gave it (`event.detail.step`): a host
     * page that routes sets it on its back and forward buttons and after a reload, from
     * `history.state`. Not an attribute: it is an object. Checked before use.
     */
    get flowStep(): unknown {
      return this.#flowStep;
    }

    set flowStep(step: unknown) {
      this.#flowStep = step;
      this.#schedule();
    }

    constructor() {
      super();
      this.#shadow = this.attachShadow({ mode: 'open' });
      // Styles live only inside the shadow root; the host page's document is never touched.
      this.#shadow.adoptedStyleSheets = [widgetStyleSheet()];
    }

    connectedCallback(): void {
      for (const property of [...propertyNames, 'flowStep']) this.#upgradeProperty(property);
      this.#schedule();
    }

    disconnectedCallback(): void {
      this.#schedule();
    }

    attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      if (oldValue === value) return;
      // A visitor's answer to tracking holds from the moment the page gives it: a click right
      // after a refusal must not be tracked, nor one right after a consent be lost.
      if (name === widgetProperties.trackingConsent && this.#root !== undefined) this.#render();
      else this.#schedule();
    }

    /**
     * A property set on the element before it was defined is an own data property that hides
     * the class's accessor: take its value through the accessor instead.
     */
    #upgradeProperty(property: string): void {
      if (!Object.hasOwn(this, property)) return;
      const value: unknown = Reflect.get(this, property);
      Reflect.deleteProperty(this, property);
      Reflect.set(this, property, value);
    }

    #schedule(): void {
      if (this.#scheduled) return;
      this.#scheduled = true;
      setTimeout(() => {
        this.#scheduled = false;
        this.#render();
      }, 0);
    }

    #render(): void {
      if (!this.isConnected) {
        // Removed for good (a move within the page reconnects before this runs).
        this.#root?.unmount();
        this.#root = undefined;
        return;
      }
      const attributes: RawWidgetAttributes = {};
      for (const property of propertyNames) {
        attributes[property] = this.getAttribute(widgetProperties[property]);
      }
      this.#root ??= createRoot(this.#shadow);
      this.#root.render(
        createElement(WidgetRoot, {
          ...attributes,
          flowStep: this.#flowStep,
          container: this.#shadow,
        }),
      );
    }
  }

  for (const property of propertyNames) {
    const attribute = widgetProperties[property];
    Object.defineProperty(TradeinWidget.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement): string | undefined {
        return this.getAttribute(attribute) ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return TradeinWidget;
}
