import type { CataloguePage, PerEdition } from './catalogue-model.ts';

/** The languages the catalogue is written in; Austria reads the German texts. */
export type CatalogueLanguage = 'de' | 'es' | 'fr' | 'it';

/** A value per language. */
export type PerLanguage<T> = Record<CatalogueLanguage, T>;

/** Spreads values per language over the editions (at and de share the German value). */
export function perEdition<T>(values: PerLanguage<T>): PerEdition<T> {
  return { at: values.de, de: values.de, es: values.es, fr: values.fr, it: values.it };
}

/** The languages in a fixed order. */
export const catalogueLanguages: readonly CatalogueLanguage[] = ['de', 'es', 'fr', 'it'];

/** Stable keys of the categories, in display order. */
export const categoryKeys = [
  'smartphones',
  'tablets',
  'laptops',
  'smartwatches',
  'cameras',
  'consoles',
  'headphones',
  'e-readers',
] as const;
export type CategoryKey = (typeof categoryKeys)[number];

interface CategoryWording {
  name: string;
  slug: string;
  /** What the category holds, for its page text. */
  examples: string;
}

/** Category names and slugs per language. */
export const categoryWording: Record<CategoryKey, PerLanguage<CategoryWording>> = {
  smartphones: {
    de: {
      name: 'Smartphones',
      slug: 'smartphones',
      examples: 'iPhone, Galaxy, Pixel und viele mehr',
    },
    es: { name: 'Móviles', slug: 'moviles', examples: 'iPhone, Galaxy, Pixel y muchos más' },
    fr: {
      name: 'Smartphones',
      slug: 'smartphones',
      examples: 'iPhone, Galaxy, Pixel et bien d’autres',
    },
    it: { name: 'Smartphone', slug: 'smartphone', examples: 'iPhone, Galaxy, Pixel e molti altri' },
  },
  tablets: {
    de: { name: 'Tablets', slug: 'tablets', examples: 'iPad, Galaxy Tab, Surface Pro und mehr' },
    es: { name: 'Tablets', slug: 'tablets', examples: 'iPad, Galaxy Tab, Surface Pro y más' },
    fr: { name: 'Tablettes', slug: 'tablettes', examples: 'iPad, Galaxy Tab, Surface Pro et plus' },
    it: { name: 'Tablet', slug: 'tablet', examples: 'iPad, Galaxy Tab, Surface Pro e altri' },
  },
  laptops: {
    de: { name: 'Laptops', slug: 'laptops', examples: 'MacBook, ThinkPad, XPS und mehr' },
    es: { name: 'Portátiles', slug: 'portatiles', examples: 'MacBook, ThinkPad, XPS y más' },
    fr: {
      name: 'Ordinateurs portables',
      slug: 'ordinateurs-portables',
      examples: 'MacBook, ThinkPad, XPS et plus',
    },
    it: { name: 'Portatili', slug: 'portatili', examples: 'MacBook, ThinkPad, XPS e altri' },
  },
  smartwatches: {
    de: {
      name: 'Smartwatches',
      slug: 'smartwatches',
      examples: 'Apple Watch, Galaxy Watch, Garmin und mehr',
    },
    es: {
      name: 'Relojes inteligentes',
      slug: 'relojes-inteligentes',
      examples: 'Apple Watch, Galaxy Watch, Garmin y más',
    },
    fr: {
      name: 'Montres connectées',
      slug: 'montres-connectees',
      examples: 'Apple Watch, Galaxy Watch, Garmin et plus',
    },
    it: {
      name: 'Smartwatch',
      slug: 'smartwatch',
      examples: 'Apple Watch, Galaxy Watch, Garmin e altri',
    },
  },
  cameras: {
    de: {
      name: 'Kameras',
      slug: 'kameras',
      examples: 'Systemkameras, Spiegelreflexkameras, Action-Cams und Drohnen',
    },
    es: {
      name: 'Cámaras',
      slug: 'camaras',
      examples: 'cámaras sin espejo, réflex, cámaras de acción y drones',
    },
    fr: {
      name: 'Appareils photo',
      slug: 'appareils-photo',
      examples: 'hybrides, reflex, caméras d’action et drones',
    },
    it: {
      name: 'Fotocamere',
      slug: 'fotocamere',
      examples: 'mirrorless, reflex, action cam e droni',
    },
  },
  consoles: {
    de: {
      name: 'Spielkonsolen',
      slug: 'spielkonsolen',
      examples: 'PlayStation, Xbox, Nintendo Switch und mehr',
    },
    es: {
      name: 'Consolas',
      slug: 'consolas',
      examples: 'PlayStation, Xbox, Nintendo Switch y más',
    },
    fr: {
      name: 'Consoles de jeux',
      slug: 'consoles-de-jeux',
      examples: 'PlayStation, Xbox, Nintendo Switch et plus',
    },
    it: {
      name: 'Console',
      slug: 'console',
      examples: 'PlayStation, Xbox, Nintendo Switch e altre',
    },
  },
  headphones: {
    de: {
      name: 'Kopfhörer',
      slug: 'kopfhoerer',
      examples: 'AirPods, Sony WH-1000XM, Bose QuietComfort und mehr',
    },
    es: {
      name: 'Auriculares',
      slug: 'auriculares',
      examples: 'AirPods, Sony WH-1000XM, Bose QuietComfort y más',
    },
    fr: {
      name: 'Casques et écouteurs',
      slug: 'casques-et-ecouteurs',
      examples: 'AirPods, Sony WH-1000XM, Bose QuietComfort et plus',
    },
    it: {
      name: 'Cuffie',
      slug: 'cuffie',
      examples: 'AirPods, Sony WH-1000XM, Bose QuietComfort e altre',
    },
  },
  'e-readers': {
    de: { name: 'E-Reader', slug: 'e-reader', examples: 'Kindle, Kobo, tolino und mehr' },
    es: { name: 'eReaders', slug: 'ereaders', examples: 'Kindle, Kobo, tolino y más' },
    fr: { name: 'Liseuses', slug: 'liseuses', examples: 'Kindle, Kobo, tolino et plus' },
    it: { name: 'eReader', slug: 'ereader', examples: 'Kindle, Kobo, tolino e altri' },
  },
};

const monthNames: PerLanguage<readonly string[]> = {
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
};

/** "März 2022", "marzo de 2022", … */
function releaseDate(language: CatalogueLanguage, year: number, month: number): string {
  const name = monthNames[language][month - 1] ?? '';
  return language === 'es' ? `${name} de ${year}` : `${name} ${year}`;
}

/**
 * The page of a category in one language. The German texts address nobody ("Modell wählen"), so
 * the consumer shop and the formal B2B shop show the same catalogue.
 */
export function categoryPage(key: CategoryKey, language: CatalogueLanguage): CataloguePage {
  const { name, slug, examples } = categoryWording[key][language];
  switch (language) {
    case 'de':
      return {
        name,
        url: slug,
        content: `${name} gebraucht verkaufen: ${examples}. Hersteller und Modell wählen, ein paar Fragen zum Zustand beantworten und sofort ein verbindliches Angebot erhalten. Der Versand ist kostenlos, das Geld kommt nach der Prüfung per Überweisung oder PayPal.`,
        metaDescription: `${name} verkaufen zum Festpreis: Angebot in zwei Minuten, kostenloser Versand, schnelle Auszahlung.`,
        metaKeywords: `${name} verkaufen, ${name} Ankauf, gebrauchte ${name}`,
      };
    case 'es':
      return {
        name,
        url: slug,
        content: `Vende tus ${name.toLowerCase()} usados: ${examples}. Elige marca y modelo, responde unas preguntas sobre el estado y recibe al instante una oferta vinculante. El envío es gratuito y te pagamos por transferencia o PayPal tras la revisión.`,
        metaDescription: `Vende ${name.toLowerCase()} a precio fijo: oferta en dos minutos, envío gratuito y pago rápido.`,
        metaKeywords: `vender ${name.toLowerCase()}, compra de ${name.toLowerCase()} usados, ${name.toLowerCase()} de segunda mano`,
      };
    case 'fr':
      return {
        name,
        url: slug,
        content: `Vendez vos ${name.toLowerCase()} d’occasion : ${examples}. Choisissez la marque et le modèle, répondez à quelques questions sur l’état et recevez aussitôt une offre ferme. L’envoi est gratuit, le paiement arrive par virement ou PayPal après contrôle.`,
        metaDescription: `Vendre des ${name.toLowerCase()} à prix fixe : offre en deux minutes, envoi gratuit, paiement rapide.`,
        metaKeywords: `vendre ${name.toLowerCase()}, rachat ${name.toLowerCase()}, ${name.toLowerCase()} d’occasion`,
      };
    case 'it':
      return {
        name,
        url: slug,
        content: `Vendi ${name.toLowerCase()} usati: ${examples}. Scegli marca e modello, rispondi a poche domande sulle condizioni e ricevi subito un’offerta vincolante. La spedizione è gratuita e paghiamo con bonifico o PayPal dopo il controllo.`,
        metaDescription: `Vendi ${name.toLowerCase()} a prezzo fisso: offerta in due minuti, spedizione gratuita, pagamento rapido.`,
        metaKeywords: `vendere ${name.toLowerCase()}, ritiro ${name.toLowerCase()} usati, ${name.toLowerCase()} usati`,
      };
  }
}

/** The page of a manufacturer in one language; `lines` names a few of its series. */
export function manufacturerPage(
  name: string,
  slug: string,
  lines: string,
  language: CatalogueLanguage,
): CataloguePage {
  switch (language) {
    case 'de':
      return {
        name,
        url: slug,
        content: `Gebrauchte Geräte von ${name} verkaufen, zum Beispiel ${lines}. Modell wählen, Zustand angeben, Festpreis erhalten und kostenlos einsenden.`,
        metaDescription: `${name} verkaufen: Ankaufspreis sofort berechnen, kostenloser Versand, schnelle Auszahlung.`,
        metaKeywords: `${name} verkaufen, ${name} Ankauf, ${name} gebraucht`,
      };
    case 'es':
      return {
        name,
        url: slug,
        content: `Vende tus dispositivos ${name} usados, por ejemplo ${lines}. Elige el modelo, indica el estado, recibe un precio fijo y envíalo gratis.`,
        metaDescription: `Vender ${name}: calcula el precio al instante, envío gratuito y pago rápido.`,
        metaKeywords: `vender ${name}, compra ${name} usado, ${name} segunda mano`,
      };
    case 'fr':
      return {
        name,
        url: slug,
        content: `Vendez vos appareils ${name} d’occasion, par exemple ${lines}. Choisissez le modèle, indiquez l’état, recevez un prix fixe et envoyez gratuitement.`,
        metaDescription: `Vendre ${name} : prix de rachat immédiat, envoi gratuit, paiement rapide.`,
        metaKeywords: `vendre ${name}, rachat ${name}, ${name} d’occasion`,
      };
    case 'it':
      return {
        name,
        url: slug,
        content: `Vendi i tuoi dispositivi ${name} usati, per esempio ${lines}. Scegli il modello, indica le condizioni, ricevi un prezzo fisso e spedisci gratis.`,
        metaDescription: `Vendi ${name}: prezzo di ritiro immediato, spedizione gratuita, pagamento rapido.`,
        metaKeywords: `vendere ${name}, ritiro ${name}, ${name} usato`,
      };
  }
}

/** The page of a series in one language; `models` names some of its models. */
export function seriesPage(
  manufacturer: string,
  name: string,
  slug: string,
  models: string,
  language: CatalogueLanguage,
): CataloguePage {
  const full = name.startsWith(manufacturer) ? name : `${manufacturer} ${name}`;
  switch (language) {
    case 'de':
      return {
        name,
        url: slug,
        content: `Alle Modelle der Serie ${full}: ${models}. Modell und Ausstattung wählen, die Fragen zum Zustand beantworten und sofort ein Angebot erhalten.`,
        metaDescription: `${full} verkaufen: alle Modelle, Festpreis in zwei Minuten, kostenloser Versand.`,
        metaKeywords: `${full} verkaufen, ${full} Ankauf, ${full} gebraucht`,
      };
    case 'es':
      return {
        name,
        url: slug,
        content: `Todos los modelos de la serie ${full}: ${models}. Elige tu modelo y versión, responde las preguntas sobre el estado y recibe tu oferta al instante.`,
        metaDescription: `Vender ${full}: todos los modelos, precio fijo en dos minutos, envío gratuito.`,
        metaKeywords: `vender ${full}, compra ${full} usado, ${full} segunda mano`,
      };
    case 'fr':
      return {
        name,
        url: slug,
        content: `Tous les modèles de la série ${full} : ${models}. Choisissez votre modèle et sa version, répondez aux questions sur l’état et recevez votre offre immédiatement.`,
        metaDescription: `Vendre ${full} : tous les modèles, prix fixe en deux minutes, envoi gratuit.`,
        metaKeywords: `vendre ${full}, rachat ${full}, ${full} d’occasion`,
      };
    case 'it':
      return {
        name,
        url: slug,
        content: `Tutti i modelli della serie ${full}: ${models}. Scegli il tuo modello e la versione, rispondi alle domande sulle condizioni e ricevi subito la tua offerta.`,
        metaDescription: `Vendi ${full}: tutti i modelli, prezzo fisso in due minuti, spedizione gratuita.`,
        metaKeywords: `vendere ${full}, ritiro ${full}, ${full} usato`,
      };
  }
}

/** What a device page says, per language. */
export interface DevicePageFacts {
  name: string;
  slug: string;
  model: string;
  manufacturer: string;
  series: string;
  category: CategoryKey;
  year: number;
  month: number;
}

/** The page of a device in one language. */
export function devicePage(facts: DevicePageFacts, language: CatalogueLanguage): CataloguePage {
  const { name, slug, model, manufacturer, series } = facts;
  const category = categoryWording[facts.category][language].name;
  const released = releaseDate(language, facts.year, facts.month);
  switch (language) {
    case 'de':
      return {
        name,
        url: slug,
        content: `${name} verkaufen: ein paar Fragen zum Zustand beantworten und sofort einen verbindlichen Festpreis erhalten. Versand kostenlos, Auszahlung nach der Prüfung. Hersteller: ${manufacturer}. Serie: ${series}. Kategorie: ${category}. Erschienen: ${released}.`,
        metaDescription: `${name} verkaufen: Ankaufspreis in zwei Minuten berechnen, kostenlos einsenden, schnell Geld erhalten.`,
        metaKeywords: `${name} verkaufen, ${manufacturer} ${model} Ankauf, ${model} gebraucht, ${category}`,
      };
    case 'es':
      return {
        name,
        url: slug,
        content: `Vende ${name}: responde unas preguntas sobre el estado y recibe al instante un precio fijo vinculante. Envío gratuito y pago tras la revisión. Marca: ${manufacturer}. Serie: ${series}. Categoría: ${category}. Lanzamiento: ${released}.`,
        metaDescription: `Vender ${name}: calcula el precio en dos minutos, envíalo gratis y cobra rápido.`,
        metaKeywords: `vender ${name}, ${manufacturer} ${model} usado, ${model} segunda mano, ${category}`,
      };
    case 'fr':
      return {
        name,
        url: slug,
        content: `Vendez ${name} : répondez à quelques questions sur l’état et recevez aussitôt un prix ferme. Envoi gratuit, paiement après contrôle. Marque : ${manufacturer}. Série : ${series}. Catégorie : ${category}. Sortie : ${released}.`,
        metaDescription: `Vendre ${name} : prix de rachat en deux minutes, envoi gratuit, paiement rapide.`,
        metaKeywords: `vendre ${name}, rachat ${manufacturer} ${model}, ${model} d’occasion, ${category}`,
      };
    case 'it':
      return {
        name,
        url: slug,
        content: `Vendi ${name}: rispondi a poche domande sulle condizioni e ricevi subito un prezzo fisso vincolante. Spedizione gratuita, pagamento dopo il controllo. Marca: ${manufacturer}. Serie: ${series}. Categoria: ${category}. Uscita: ${released}.`,
        metaDescription: `Vendi ${name}: prezzo di ritiro in due minuti, spedizione gratuita, pagamento rapido.`,
        metaKeywords: `vendere ${name}, ritiro ${manufacturer} ${model}, ${model} usato, ${category}`,
      };
  }
}
