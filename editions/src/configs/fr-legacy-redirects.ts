import type { RedirectRule } from './legacy-redirects.ts';

/**
 * Landing pages and product pages of the former French shop, mapped to the current catalogue
 * (`/catalogue/{category}`), overview (`/produits/apercu-{overview}`) and product
 * (`/produits/{pdp}`) pages. The old pages collected search traffic, hence permanent redirects.
 * An old page named a model (`iphone-13`), while product pages exist per variant
 * (`apple-iphone-13-128-gb`): it lands on the overview of the model's series, which lists every
 * model and variant of it with the widget at the choice of model, so the seller picks the
 * storage they have instead of being sent to one they may not. A model with a single device of
 * that name keeps its product page (`nintendo-switch`). Every target is a live page
 * (host-shop `legacy-redirects.test.ts` follows each one).
 */
const legacyPaths: readonly (readonly [from: string, to: string])[] = [
  // Category landing pages.
  ['/rachat-smartphone', '/catalogue/smartphones'],
  ['/rachat-telephone-portable', '/catalogue/smartphones'],
  ['/rachat-iphone', '/catalogue/smartphones'],
  ['/rachat-tablette', '/catalogue/tablettes'],
  ['/rachat-ipad', '/catalogue/tablettes'],
  ['/rachat-ordinateur-portable', '/catalogue/ordinateurs-portables'],
  ['/rachat-macbook', '/catalogue/ordinateurs-portables'],
  ['/rachat-appareil-photo', '/catalogue/appareils-photo'],
  // The shop buys no lenses on their own: the cameras are the nearest.
  ['/rachat-objectif', '/catalogue/appareils-photo'],
  ['/rachat-console', '/catalogue/consoles-de-jeux'],
  ['/rachat-montre-connectee', '/catalogue/montres-connectees'],
  ['/rachat-apple-watch', '/catalogue/montres-connectees'],
  ['/rachat-ecouteurs', '/catalogue/casques-et-ecouteurs'],
  // Old category slugs of the catalogue itself.
  ['/catalogue/telephones-portables', '/catalogue/smartphones'],
  ['/catalogue/tablettes-tactiles', '/catalogue/tablettes'],
  ['/catalogue/pc-portables', '/catalogue/ordinateurs-portables'],
  // Manufacturer landing pages.
  ['/rachat-apple', '/produits/apercu-apple'],
  ['/rachat-samsung', '/produits/apercu-samsung'],
  ['/rachat-huawei', '/produits/apercu-huawei'],
  ['/rachat-xiaomi', '/produits/apercu-xiaomi'],
  ['/rachat-google-pixel', '/produits/apercu-google'],
  ['/rachat-sony', '/produits/apercu-sony'],
  // Model landing pages.
  ['/vendre-mon-iphone-11', '/produits/apercu-apple-iphone-11'],
  ['/vendre-mon-iphone-12', '/produits/apercu-apple-iphone-12'],
  ['/vendre-mon-iphone-12-pro', '/produits/apercu-apple-iphone-12'],
  ['/vendre-mon-iphone-13', '/produits/apercu-apple-iphone-13'],
  ['/vendre-mon-iphone-13-pro', '/produits/apercu-apple-iphone-13'],
  ['/vendre-mon-iphone-14', '/produits/apercu-apple-iphone-14'],
  ['/vendre-mon-iphone-15', '/produits/apercu-apple-iphone-15'],
  ['/vendre-mon-iphone-se-2020', '/produits/apercu-apple-iphone-se'],
  ['/vendre-mon-samsung-galaxy-s21', '/produits/apercu-samsung-galaxy-s21'],
  ['/vendre-mon-samsung-galaxy-s22', '/produits/apercu-samsung-galaxy-s22'],
  ['/vendre-mon-samsung-galaxy-s23', '/produits/apercu-samsung-galaxy-s23'],
  ['/vendre-mon-samsung-galaxy-a54', '/produits/apercu-samsung-galaxy-a'],
  ['/vendre-mon-pixel-7', '/produits/apercu-google-pixel-7'],
  ['/vendre-mon-ipad-air', '/produits/apercu-apple-ipad-air'],
  ['/vendre-mon-ipad-pro', '/produits/apercu-apple-ipad-pro'],
  ['/vendre-mon-macbook-air', '/produits/apercu-apple-macbook-air'],
  // Three series of MacBook Pro (13, 14, 16 inch): Apple's laptops hold them all.
  ['/vendre-mon-macbook-pro', '/produits/apercu-ordinateurs-portables-apple'],
  ['/vendre-ma-nintendo-switch', '/produits/nintendo-switch'],
  ['/vendre-ma-ps5', '/produits/apercu-sony-playstation-5'],
  ['/vendre-ma-ps4', '/produits/apercu-sony-playstation-4'],
  ['/vendre-mon-apple-watch-series-8', '/produits/apercu-apple-watch-series'],
];

/** The French legacy catalogue and product redirects (§2), all permanent. */
export const frLegacyRedirects: readonly RedirectRule[] = legacyPaths.map(([from, to]) => ({
  from,
  to,
  status: 301,
}));
