import { html } from './html.ts';
import type { StartPageTexts } from './texts.ts';

/** The German start page (`de.html`): partners are addressed formally (Sie). */
export const de: StartPageTexts = {
  title: 'Ankauf-Widget für Partner: in Minuten live',
  description:
    'Binden Sie den Ankauf mit einem Script-Tag in Ihre Seite ein: Snippet, Attribute, Events, Theming und eine strenge Content-Security-Policy, jeweils neben dem laufenden Widget.',
  skipLink: 'Zum Inhalt springen',
  languageNavigation: 'Sprache',
  contentsNavigation: 'Auf dieser Seite',
  heading: 'Der Ankauf auf Ihrer Seite, in Minuten live',
  intro: `Ihre Kundinnen und Kunden verkaufen ihre gebrauchten Smartphones, Tablets und Laptops,
ohne Ihren Shop zu verlassen: Suche, Zustandsfragen, ein verbindliches Angebot und der Checkout
laufen in einem Element auf Ihrer Seite. Sie fügen zwei Zeilen ein; Katalog, Preise, Auszahlung
und Versand übernehmen wir.`,
  contents: {
    snippet: 'Snippet',
    attributes: 'Attribute',
    events: 'Events',
    theming: 'Theming',
    csp: 'Content-Security-Policy',
    more: 'Weitere Demo-Seiten',
  },
  walkthrough: {
    heading: 'In vier Schritten live',
    steps: [
      html`<strong>Snippet einfügen</strong>, wo der Ankauf erscheinen soll: das Script-Tag einmal
        pro Seite, das Element so oft Sie möchten.`,
      html`<strong>Edition wählen</strong> (<code>edition</code>): der Länder-Shop, dessen Katalog,
        Preise und Sprache das Widget verwendet.`,
      html`<strong>An Ihr Design anpassen</strong> mit <code>--tradein-*</code>-Custom-Properties
        und <code>::part()</code> (siehe <a href="#theming">Theming</a>).`,
      html`<strong>Unseren Origin erlauben</strong> in Ihrer Content-Security-Policy, falls Ihre
        Seite eine hat (siehe <a href="#csp">Content-Security-Policy</a>). Fertig: kein
        Build-Schritt und kein Framework nötig.`,
    ],
  },
  copied: 'In die Zwischenablage kopiert.',
  snippet: {
    heading: 'Das Snippet',
    lead: 'Fügen Sie diese zwei Zeilen in Ihre Seite ein. Die Script-URL ist die dieses Servers:',
    copy: 'Snippet kopieren',
    copyFailed: 'Kopieren nicht möglich: Bitte markieren und kopieren Sie das Snippet selbst.',
    notes: [
      html`Das Script ist ein kleiner Loader (0,4 kB), der den Rest von nebenan nachlädt; neue
        Versionen erreichen Ihre Seite so innerhalb von fünf Minuten. Es legt keine globale Variable
        an und fügt Ihrem <code>&lt;head&gt;</code> nichts hinzu; die Styles des Widgets liegen in
        seinem Shadow Root, Ihr CSS und unseres begegnen sich nie.`,
      html`Ergänzen Sie Ihren Partnercode (<code>partner="…"</code>), damit jeder Ankauf über Ihre
        Seite Ihnen zugerechnet wird; <a href="#attributes">alle Attribute</a> stehen weiter unten.
        Das Widget spricht die Sprache seiner Edition: <code>de</code> zeigt es auf Deutsch.`,
    ],
    live: 'Live: genau das Snippet',
  },
  attributes: {
    lead: html`Jedes Attribut ist auch eine Property des Elements (<code>apiBase</code>,
      <code>trackingConsent</code> für die beiden mit Bindestrich); Frameworks, die Properties
      setzen, und solche, die Attribute setzen, konfigurieren also dasselbe Element. Ein falscher
      Wert zeigt eine Warnung im Widget und eine Meldung in der Browser-Konsole, die das Attribut
      nennt.`,
    label: 'Attribute, Tabelle',
    columns: ['Attribut', 'Werte', 'Standard', 'Beispiel'],
    rows: {
      edition: { meaning: 'der Länder-Shop (Katalog, Preise, Sprache)', default: 'Pflicht' },
      mode: {
        valueNotes: {
          b2bWidget: html`Firmen, die viele Geräte verkaufen; nur in Editionen mit B2B:
            <code>de</code>`,
          aganwidget: 'das Aussehen der Marke agan',
        },
      },
      'api-base': {
        meaning: html`absolute <code>http(s)</code>-URL der Ankauf-API, ohne Zugangsdaten, Query
          oder Fragment`,
        default: 'der Origin, von dem das Script kam',
      },
      category: {
        meaning:
          'eine Kategorie, ein Hersteller oder eine Serie des Katalogs (Slug oder ID): startet dort im Stöbern',
        default: 'keiner: startet mit der Suche',
      },
      device: {
        meaning: 'ein Gerät (Slug oder ID): startet mit seinen Zustandsfragen',
        default: 'keiner',
      },
      partner: {
        meaning: 'Ihr Partnercode, den jeder Ankauf über Ihre Seite trägt',
        default: 'keiner',
      },
      step: {
        meaning:
          'der Schritt, mit dem das Widget öffnet, für eine Seite, die für ihn steht (Ihre Checkout-Seite)',
        default: 'keiner: der erste Schritt, den die übrigen Attribute ergeben',
      },
      history: {
        meaning:
          'das Widget legt pro Schritt einen Eintrag im Browserverlauf an, der Zurück-Button geht also einen Schritt zurück; für Seiten, die nicht selbst routen',
        default: 'keiner: der Verlauf Ihrer Seite bleibt unberührt',
      },
      'tracking-consent': {
        meaning: 'die Antwort Ihrer Besucher auf Ihr Consent-Banner; eine Änderung gilt sofort',
        default: 'keiner: nicht beantwortet, nichts wird gesendet',
      },
    },
  },
  events: {
    lead: html`Das Widget meldet Ihrer Seite, was geschieht, als <code>CustomEvent</code>s am
      Element. Sie steigen auf (bubbles) und verlassen den Shadow Root, ein Listener auf
      <code>document</code> hört also jedes Widget der Seite. Nutzen Sie sie zum Routen, für Ihr
      Tracking oder Ihren eigenen Warenkorb.`,
    label: 'Events, Tabelle',
    columns: ['Event', 'Wann'],
    rows: {
      'tradein:ready': { when: 'das Widget ist konfiguriert und zeigt seinen ersten Bildschirm' },
      'tradein:navigate': {
        when: 'bei jedem Schritt der Verkäuferin oder des Verkäufers (ein Ergebnis gewählt, eine Frage beantwortet, …)',
        fieldNotes: {
          step: html`der Schritt als Objekt: beim Zurück-Button als Property
            <code>flowStep</code> an das Element zurückgeben`,
          path: html`die Shop-Seite dieses Schritts, z. B. <code>/produkte/apple-iphone-13</code>`,
        },
      },
      'tradein:offer': {
        when: 'nach der letzten Zustandsfrage wurde ein Angebot erstellt',
        fieldNotes: { currency: html`<code>EUR</code>`, validUntil: 'ISO-Datum mit Uhrzeit' },
      },
      'tradein:add-to-cart': { when: 'ein Angebot wurde in den Warenkorb gelegt' },
      'tradein:trade-created': {
        when: 'der Checkout war erfolgreich: der Ankauf ist angelegt',
        fieldNotes: { tradeNumber: 'wie auf dem Versandetikett' },
      },
    },
    live: (attribute) =>
      html`Live: ${attribute}; wählen Sie einen Hersteller und sehen Sie ins Protokoll`,
    log: 'Event-Protokoll',
    logEmpty: 'Noch kein Event.',
  },
  theming: {
    lead: html`Das CSS Ihrer Seite erreicht das Innere des Widgets nicht, und unseres dringt nicht
      nach außen. Zwei Türen sind absichtlich offen: <code>--tradein-*</code>-Custom-Properties,
      gesetzt am Element (oder einem Vorfahren), und <code>::part()</code> für die Details, die sie
      nicht abdecken.`,
    cssLead: 'Das CSS des Widgets daneben (ein Stylesheet dieser Seite):',
    contrast:
      'Halten Sie den Kontrast von Text zu Hintergrund bei 4,5:1 oder mehr: die Farben des Widgets tun das, so bleibt es mit Ihren barrierefrei.',
    live: html`Live: gestaltet mit diesem CSS (Modus <code>b2bWidget</code>)`,
    properties: {
      heading: 'Custom Properties',
      lead: html`Setzen Sie sie am Element oder an einem Vorfahren. In den Modi
        <code>agan</code> und <code>aganwidget</code> gelten die Standardwerte der Marke agan; ein
        Wert, den Sie setzen, gewinnt trotzdem.`,
      label: 'Custom Properties, Tabelle',
      columns: ['Property', 'Gestaltet', 'Standard'],
      rows: {
        '--tradein-color-text': 'Text',
        '--tradein-color-muted': 'Hinweise und Nebentexte',
        '--tradein-color-background': 'Hintergrund des Widgets',
        '--tradein-color-surface': 'vom Hintergrund abgesetzte Flächen',
        '--tradein-color-input-background': 'Felder und Buttons',
        '--tradein-color-border': 'Rahmen von Feldern, Buttons, Listen und Hinweisen',
        '--tradein-color-divider':
          'Trennlinien, die Fortschrittsleiste, Platzhalter der Fragen beim Laden',
        '--tradein-color-focus': html`Fokusrahmen; auch die Akzentfarbe, solange
          <code>--tradein-color-accent</code> nicht gesetzt ist`,
        '--tradein-color-accent': 'die Akzentfarbe: Haupt-Buttons, Links',
        '--tradein-color-accent-text': 'Text auf der Akzentfarbe (Haupt-Buttons)',
        '--tradein-color-accent-soft': 'helle Akzentflächen',
        '--tradein-color-option-active': 'der markierte Suchvorschlag',
        '--tradein-color-success-text': 'Text von Bestätigungen',
        '--tradein-color-success-background': 'Hintergrund von Bestätigungen',
        '--tradein-color-error': 'Rahmen von Warnungen und falsch ausgefüllten Feldern',
        '--tradein-color-error-text': 'Text von Warnungen und Feldfehlern',
        '--tradein-color-error-background': 'Hintergrund von Warnungen',
        '--tradein-color-skeleton': 'Platzhalter, während Ergebnisse laden',
        '--tradein-font-family': 'die Schrift',
        '--tradein-font-size': 'die Grundschriftgröße; alle anderen Größen folgen ihr',
        '--tradein-space': 'der Innenabstand des Widgets',
        '--tradein-radius': 'der Eckenradius von Widget, Feldern, Buttons und Hinweisen',
      },
    },
    valueOf: (property) => html`der Wert von ${property}`,
    parts: {
      heading: 'Parts',
      lead: html`Gestalten Sie sie mit <code>tradein-widget::part(name)</code>. Ein Element kann
        zwei Namen tragen: der Haupt-Button eines Schritts ist <code>button primary</code>,
        <code>::part(primary)</code> gestaltet also nur Haupt-Buttons.`,
      label: 'Parts, Tabelle',
      columns: ['Part', 'Element'],
      rows: {
        root: 'der Rahmen des Widgets, auf jedem Bildschirm',
        heading: 'die Überschrift jedes Bildschirms',
        button: 'jeder Button',
        primary: html`der Haupt-Button eines Schritts (zusätzlich zu <code>button</code>)`,
        'cart-link': 'der Link zum Warenkorb oben',
        alert: 'Warnungen: ein falsches Attribut, ein Fehler',
        search: 'das Suchformular',
        label: 'die Beschriftung eines Felds',
        input: 'ein Textfeld',
        hint: 'ein Hinweis unter einem Feld, einer Frage oder dem Angebot',
        results: 'die Liste der Suchvorschläge',
        option: 'ein Suchvorschlag',
        skeleton: 'der Platzhalter, während Vorschläge laden',
        notice: 'ein Hinweis in Suche oder Stöbern (nichts gefunden, Laden fehlgeschlagen)',
        thumbnail: 'ein Gerätebild in einer Liste',
        breadcrumbs: 'der Pfad beim Stöbern (Kategorie, Hersteller, Serie)',
        tiles: 'das Raster der Kategorien, Hersteller oder Serien',
        tile: 'eine Kachel dieses Rasters',
        chip: 'eine Speichergröße eines Modells beim Stöbern',
        'device-header': 'Bild und Name des Geräts über seinen Fragen',
        variant: 'die Auswahl der Gerätevariante',
        progress: 'der Fragenzähler und sein Balken',
        question: 'eine Zustandsfrage',
        answer: 'eine Antwort einer Frage',
        'conditions-video': html`das Video zur Zustandseinschätzung (Editionen <code>de</code>,
          <code>at</code>)`,
        'price-preview': 'der Preis, der während der Antworten angezeigt wird',
        conditions: 'die gegebenen Antworten, beim Angebot, im Warenkorb und im Checkout',
        price: 'der Preis des Angebots',
        'cart-lines': 'die Geräte im Warenkorb',
        'field-error': 'die Fehlermeldung eines Checkout-Felds',
      },
    },
  },
  csp: {
    heading: 'Strenge Content-Security-Policy',
    lead: html`Das Widget braucht kein <code>'unsafe-inline'</code>, kein
      <code>'unsafe-eval'</code> und keine Nonce: es führt kein Inline-Script aus, und seine Styles
      sind Constructed Stylesheets in seinem Shadow Root, die <code>style-src</code> nicht
      einschränkt. Sendet Ihre Seite eine Policy, ergänzen Sie unseren Origin in diesen Direktiven:`,
    label: 'Direktiven, Tabelle',
    columns: ['Direktive', 'Ergänzen', 'Wofür'],
    nothing: 'nichts',
    directives: {
      'script-src': 'das Script-Tag und die Teile des Widgets, die es bei Bedarf nachlädt',
      'connect-src': html`die Ankauf-API: Suche, Angebote, Warenkorb und Checkout (der Origin von
        <code>api-base</code>, falls gesetzt)`,
      'img-src': 'Gerätebilder',
      'media-src': html`das Zustandsvideo und seine Untertitel (Editionen <code>de</code>,
        <code>at</code>)`,
      'style-src': 'die Styles des Widgets unterliegen ihr nicht',
    },
    policyLead: html`Eine vollständige strenge Policy für Ihre Seite, mit Ihrem eigenen Origin als
      <code>'self'</code>:`,
    copy: 'Policy kopieren',
    copyFailed: 'Kopieren nicht möglich: Bitte markieren und kopieren Sie die Policy selbst.',
    ownPolicy: (origin) =>
      html`<strong>Diese Seite läuft selbst unter einer strengen Policy</strong>, gesetzt in ihrem
        <code>&lt;meta&gt;</code>; hier ist unser Origin der der Seite, <code>'self'</code> steht
        also für ${origin}. Nichts Inline ist erlaubt: jedes Widget auf dieser Seite und die
        Kopier-Buttons funktionieren unter genau dieser Policy:`,
    live: html`Live: unter dieser Policy (Edition <code>at</code>, Start bei einem
      <code>device</code>)`,
  },
  more: {
    lead: 'Jede bindet das Widget so ein wie ein Partner: ein Script-Tag und ein Element.',
    pages: {
      partner: ['B2B-Partnerseite', ' (Edition de, Modus b2bWidget)'],
      agan: ['agan-Schwestershop', ' (Edition de, Modus agan)'],
      hostile: [
        'Feindselige Seite',
        ': globale CSS-Resets, eine strenge Content-Security-Policy und eine eigene React-App',
      ],
      module: ['ES-Modul-Build', ': fünf Editionen nebeneinander'],
    },
  },
};
