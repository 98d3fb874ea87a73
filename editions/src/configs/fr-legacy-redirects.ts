import type { RedirectRule } from './legacy-redirects.ts';

/**
 * Landing pages and product pages of the former French shop, mapped to the current catalogue
 * (`/catalogue/{category}`), manufacturer overview (`/produits/apercu-{overview}`) and product
 * (`/produits/{pdp}`) pages. The old pages collected search traffic, hence permanent redirects.
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
  ['/rachat-objectif', '/catalogue/objectifs'],
  ['/rachat-console', '/catalogue/consoles'],
  ['/rachat-montre-connectee', '/catalogue/montres-connectees'],
  ['/rachat-apple-watch', '/catalogue/montres-connectees'],
  ['/rachat-ecouteurs', '/catalogue/ecouteurs'],
  // Old category slugs of the catalogue itself.
  ['/catalogue/telephones-portables', '/catalogue/smartphones'],
  ['/catalogue/tablettes-tactiles', '/catalogue/tablettes'],
  ['/catalogue/pc-portables', '/catalogue/ordinateurs-portables'],
  ['/catalogue/consoles-de-jeux', '/catalogue/consoles'],
  // Manufacturer landing pages.
  ['/rachat-apple', '/produits/apercu-apple'],
  ['/rachat-samsung', '/produits/apercu-samsung'],
  ['/rachat-huawei', '/produits/apercu-huawei'],
  ['/rachat-xiaomi', '/produits/apercu-xiaomi'],
  ['/rachat-google-pixel', '/produits/apercu-google'],
  ['/rachat-sony', '/produits/apercu-sony'],
  // Product landing pages.
  ['/vendre-mon-iphone-11', '/produits/apple-iphone-11'],
  ['/vendre-mon-iphone-12', '/produits/apple-iphone-12'],
  ['/vendre-mon-iphone-12-pro', '/produits/apple-iphone-12-pro'],
  ['/vendre-mon-iphone-13', '/produits/apple-iphone-13'],
  ['/vendre-mon-iphone-13-pro', '/produits/apple-iphone-13-pro'],
  ['/vendre-mon-iphone-14', '/produits/apple-iphone-14'],
  ['/vendre-mon-iphone-15', '/produits/apple-iphone-15'],
  ['/vendre-mon-iphone-se-2020', '/produits/apple-iphone-se-2020'],
  ['/vendre-mon-samsung-galaxy-s21', '/produits/samsung-galaxy-s21'],
  ['/vendre-mon-samsung-galaxy-s22', '/produits/samsung-galaxy-s22'],
  ['/vendre-mon-samsung-galaxy-s23', '/produits/samsung-galaxy-s23'],
  ['/vendre-mon-samsung-galaxy-a54', '/produits/samsung-galaxy-a54'],
  ['/vendre-mon-pixel-7', '/produits/google-pixel-7'],
  ['/vendre-mon-ipad-air', '/produits/apple-ipad-air'],
  ['/vendre-mon-ipad-pro', '/produits/apple-ipad-pro'],
  ['/vendre-mon-macbook-air', '/produits/apple-macbook-air'],
  ['/vendre-mon-macbook-pro', '/produits/apple-macbook-pro'],
  ['/vendre-ma-nintendo-switch', '/produits/nintendo-switch'],
  ['/vendre-ma-ps5', '/produits/sony-playstation-5'],
  ['/vendre-ma-ps4', '/produits/sony-playstation-4'],
  ['/vendre-mon-apple-watch-series-8', '/produits/apple-watch-series-8'],
];

/** The French legacy catalogue and product redirects (§2), all permanent. */
export const frLegacyRedirects: readonly RedirectRule[] = legacyPaths.map(([from, to]) => ({
  from,
  to,
  status: 301,
}));
