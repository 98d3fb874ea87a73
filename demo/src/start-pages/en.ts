import { html } from './html.ts';
import type { StartPageTexts } from './texts.ts';

/** The English start page (`index.html`). */
export const en: StartPageTexts = {
  title: 'Trade-in widget for partners: live in minutes',
  description:
    'Embed the trade-in on your page with one script tag: snippet, attributes, events, theming and a strict Content-Security-Policy, each beside the live widget.',
  skipLink: 'Skip to the content',
  languageNavigation: 'Language',
  contentsNavigation: 'On this page',
  heading: 'The trade-in on your page, live in minutes',
  intro: `Your customers sell their used phones, tablets and laptops without leaving your shop:
search, condition questions, a firm offer and the checkout run inside one element on your page.
You paste two lines; we run the catalogue, the prices, the payout and the shipping.`,
  contents: {
    snippet: 'Snippet',
    attributes: 'Attributes',
    events: 'Events',
    theming: 'Theming',
    csp: 'Content-Security-Policy',
    more: 'More demo pages',
  },
  walkthrough: {
    heading: 'Live in four steps',
    steps: [
      html`<strong>Paste the snippet</strong> where the trade-in should appear: the script tag once
        per page, the element as often as you like.`,
      html`<strong>Choose the edition</strong> (<code>edition</code>): the country shop whose
        catalogue, prices and language the widget uses.`,
      html`<strong>Match your look</strong> with <code>--tradein-*</code> custom properties and
        <code>::part()</code> (see <a href="#theming">Theming</a>).`,
      html`<strong>Allow our origin</strong> in your Content-Security-Policy, if your page has one
        (see <a href="#csp">Content-Security-Policy</a>). Done: no build step and no framework
        needed.`,
    ],
  },
  copied: 'Copied to the clipboard.',
  snippet: {
    heading: 'The snippet',
    lead: "Paste these two lines into your page. The script URL is this server's:",
    copy: 'Copy snippet',
    copyFailed: 'Could not copy: select the snippet and copy it yourself.',
    notes: [
      html`The script is a small loader (0.4 kB) that fetches the rest from beside itself, so
        releases reach your page within five minutes of their publication. It defines no global and
        adds nothing to your <code>&lt;head&gt;</code>; the widget's styles live in its shadow root,
        so your CSS and ours never meet.`,
      html`Add your partner code (<code>partner="…"</code>) so that every trade made through your
        page is counted as yours; <a href="#attributes">all attributes</a> are below. The widget
        speaks the language of its edition: <code>de</code> shows it in German.`,
    ],
    live: 'Live: exactly the snippet',
  },
  attributes: {
    lead: html`Each attribute is also a property of the element (<code>apiBase</code>,
      <code>trackingConsent</code> for the two with a hyphen), so frameworks that pass properties
      and those that pass attributes configure the same element. A wrong value shows an alert in the
      widget and one message in the browser console that names the attribute.`,
    label: 'Attributes, table',
    columns: ['Attribute', 'Values', 'Default', 'Example'],
    rows: {
      edition: {
        meaning: 'the country shop (catalogue, prices, language)',
        default: 'required',
      },
      mode: {
        valueNotes: {
          b2bWidget: html`companies selling many devices; editions with B2B only: <code>de</code>`,
          aganwidget: "the agan brand's look",
        },
      },
      'api-base': {
        meaning: html`absolute <code>http(s)</code> URL of the trade API, no credentials, query or
          fragment`,
        default: 'the origin the script came from',
      },
      category: {
        meaning:
          'a catalogue category, manufacturer or series (slug or id): starts in browsing there',
        default: 'none: starts at the search',
      },
      device: {
        meaning: 'a device (slug or id): starts at its condition questions',
        default: 'none',
      },
      partner: {
        meaning: 'your partner code, which every trade made through your page carries',
        default: 'none',
      },
      step: {
        meaning: 'the step to open first, for a page that stands for it (your checkout page)',
        default: 'none: the first step the other attributes give',
      },
      history: {
        meaning:
          'the widget adds a browser history entry per step, so the back button goes back a step, for pages that do not route themselves',
        default: "none: your page's history is left alone",
      },
      'tracking-consent': {
        meaning: "your visitor's answer to your consent banner; a change applies at once",
        default: 'none: not answered, nothing is sent',
      },
    },
  },
  events: {
    lead: html`The widget tells your page what happens as <code>CustomEvent</code>s on the element.
      They bubble and cross shadow roots, so one listener on <code>document</code> hears every
      widget of the page. Use them to route, to track or to fill your own cart.`,
    label: 'Events, table',
    columns: ['Event', 'When'],
    rows: {
      'tradein:ready': { when: 'the widget is configured and its first screen is on view' },
      'tradein:navigate': {
        when: 'on every step the seller takes (a result chosen, a question answered, …)',
        fieldNotes: {
          step: html`the step as an object: hand it back as the element's
            <code>flowStep</code> property on the back button`,
          path: html`the shop page of that step, e.g. <code>/produkte/apple-iphone-13</code>`,
        },
      },
      'tradein:offer': {
        when: 'an offer was made after the last condition question',
        fieldNotes: { currency: html`<code>EUR</code>`, validUntil: 'ISO date-time' },
      },
      'tradein:add-to-cart': { when: 'the seller put an offer in the cart' },
      'tradein:trade-created': {
        when: 'the checkout succeeded: the trade exists',
        fieldNotes: { tradeNumber: 'as on the shipping label' },
      },
    },
    live: (attribute) => html`Live: ${attribute}; choose a manufacturer, then watch the log`,
    log: 'Event log',
    logEmpty: 'No event yet.',
  },
  theming: {
    lead: html`Your page's CSS cannot reach into the widget, and ours cannot leak out. Two doors are
      open on purpose: <code>--tradein-*</code> custom properties, set on the element (or any
      ancestor), and <code>::part()</code> for the details they do not cover.`,
    cssLead: 'The CSS of the widget beside it (a stylesheet of this page):',
    contrast:
      "Keep the contrast of text and its background at 4.5:1 or more: the widget's own colours do, so yours keep it accessible.",
    live: html`Live: themed by that CSS (mode <code>b2bWidget</code>)`,
    properties: {
      heading: 'Custom properties',
      lead: html`Set them on the element or on any ancestor. In the modes <code>agan</code> and
        <code>aganwidget</code> the defaults are the agan brand's; a value you set still wins.`,
      label: 'Custom properties, table',
      columns: ['Property', 'Styles', 'Default'],
      rows: {
        '--tradein-color-text': 'text',
        '--tradein-color-muted': 'hints and secondary text',
        '--tradein-color-background': "the widget's background",
        '--tradein-color-surface': 'areas set off from the background',
        '--tradein-color-input-background': 'fields and buttons',
        '--tradein-color-border': 'borders of fields, buttons, lists and notices',
        '--tradein-color-divider':
          'dividing lines, the progress track, loading placeholders of the questions',
        '--tradein-color-focus': html`focus rings; also the accent while
          <code>--tradein-color-accent</code> is not set`,
        '--tradein-color-accent': 'the accent: main buttons, links',
        '--tradein-color-accent-text': 'text on the accent (main buttons)',
        '--tradein-color-accent-soft': 'light accent areas',
        '--tradein-color-option-active': 'the highlighted search suggestion',
        '--tradein-color-success-text': 'the text of confirmations',
        '--tradein-color-success-background': 'the background of confirmations',
        '--tradein-color-error': 'the border of alerts and of wrong fields',
        '--tradein-color-error-text': 'the text of alerts and field errors',
        '--tradein-color-error-background': 'the background of alerts',
        '--tradein-color-skeleton': 'placeholders while results load',
        '--tradein-font-family': 'the font',
        '--tradein-font-size': 'the base font size; every other size follows it',
        '--tradein-space': "the widget's inner spacing",
        '--tradein-radius': 'the corner radius of the widget, fields, buttons and notices',
      },
    },
    valueOf: (property) => html`the value of ${property}`,
    parts: {
      heading: 'Parts',
      lead: html`Style them with <code>tradein-widget::part(name)</code>. An element may carry two
        names: the main button of a step is <code>button primary</code>, so
        <code>::part(primary)</code> styles main buttons only.`,
      label: 'Parts, table',
      columns: ['Part', 'Element'],
      rows: {
        root: "the widget's box, on every screen",
        heading: 'the heading of each screen',
        button: 'every button',
        primary: html`the main button of a step (besides <code>button</code>)`,
        'cart-link': 'the link to the cart at the top',
        alert: 'alerts: a wrong attribute, a failure',
        search: 'the search form',
        label: 'the label of a field',
        input: 'a text field',
        hint: 'a hint below a field, a question or the offer',
        results: 'the list of search suggestions',
        option: 'one search suggestion',
        skeleton: 'the placeholder while suggestions load',
        notice: 'a notice in search or browsing (nothing found, a failed load)',
        thumbnail: 'a device image in a list',
        breadcrumbs: 'the path while browsing (category, manufacturer, series)',
        tiles: 'the grid of categories, manufacturers or series',
        tile: 'one tile of that grid',
        chip: 'a size (storage) choice of a model while browsing',
        'device-header': "the device's image and name above its questions",
        variant: "the choice of the device's variant",
        progress: 'the question count and its bar',
        question: 'one condition question',
        answer: 'one answer of a question',
        'conditions-video': html`the video on judging the condition (editions <code>de</code>,
          <code>at</code>)`,
        'price-preview': 'the price shown while the seller answers',
        conditions: 'the answers given, shown with the offer, in the cart and at the checkout',
        price: 'the price of the offer',
        'cart-lines': 'the devices in the cart',
        'field-error': 'the error message of a checkout field',
      },
    },
  },
  csp: {
    heading: 'Strict Content-Security-Policy',
    lead: html`The widget needs no <code>'unsafe-inline'</code>, no <code>'unsafe-eval'</code> and
      no nonce: it runs no inline script, and its styles are constructed stylesheets inside its
      shadow root, which <code>style-src</code> does not restrict. If your page sends a policy, add
      our origin to these directives:`,
    label: 'Directives, table',
    columns: ['Directive', 'Add', 'For'],
    nothing: 'nothing',
    directives: {
      'script-src': 'the script tag and the parts of the widget it loads as they are needed',
      'connect-src': html`the trade API: search, offers, cart and checkout (the origin of
        <code>api-base</code> if you set it)`,
      'img-src': 'device images',
      'media-src': html`the condition video and its captions (editions <code>de</code>,
        <code>at</code>)`,
      'style-src': "the widget's styles are not subject to it",
    },
    policyLead: html`A complete strict policy for your page, with your own origin as
      <code>'self'</code>:`,
    copy: 'Copy policy',
    copyFailed: 'Could not copy: select the policy and copy it yourself.',
    ownPolicy: (origin) =>
      html`<strong>This page runs under a strict policy itself</strong>, set in its
        <code>&lt;meta&gt;</code>; here our origin is the page's own, so <code>'self'</code> stands
        for ${origin}. Nothing inline is allowed: every widget on this page, and the copy buttons,
        work under exactly this policy:`,
    live: html`Live: under that policy (edition <code>at</code>, starting at a
      <code>device</code>)`,
  },
  more: {
    lead: 'Each embeds the widget the way a partner does: one script tag and one element.',
    pages: {
      partner: ['B2B partner page', ' (edition de, mode b2bWidget)'],
      agan: ['agan sister shop', ' (edition de, mode agan)'],
      hostile: [
        'Hostile page',
        ': global CSS resets, a strict Content-Security-Policy and a React app of its own',
      ],
      module: ['ES module build', ': five editions side by side'],
    },
  },
};
