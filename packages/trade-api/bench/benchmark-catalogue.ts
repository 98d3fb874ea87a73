import type { Catalogue } from '../src/catalogue/catalogue-model.ts';
import {
  assembleCatalogue,
  withManufacturer,
  type ManufacturerInput,
  type ModelInput,
  type ProductLine,
  type VariantInput,
} from '../src/catalogue/assemble-catalogue.ts';
import { seededRandom } from '../src/catalogue/catalogue-id.ts';
import { toSlug } from '../src/catalogue/catalogue-slug.ts';
import type { CategoryKey } from '../src/catalogue/catalogue-texts.ts';
import { seedManufacturers, seedProductLines } from '../src/catalogue/seed-data.ts';

/**
 * A large catalogue for benchmarks: the seed's real product lines first, then further
 * generations of real lines ("Galaxy A57 5G", "Redmi Note 19 Pro+", "Moto G97") and lines of
 * more manufacturers, each model in several storage/colour/size variants like real shops list
 * them. Synthetic models are dated between their line's first year and 2025.
 */

/** Manufacturers the seed does not carry; ids continue after the seed's. */
const extraManufacturerNames: readonly (readonly [string, string])[] = [
  ['vivo', 'vivo'],
  ['realme', 'Realme'],
  ['zte', 'ZTE'],
  ['tcl', 'TCL'],
  ['msi', 'MSI'],
  ['razer', 'Razer'],
  ['amazfit', 'Amazfit'],
  ['polar', 'Polar'],
  ['suunto', 'Suunto'],
  ['om-system', 'OM System'],
  ['leica', 'Leica'],
  ['insta360', 'Insta360'],
  ['jabra', 'Jabra'],
  ['marshall', 'Marshall'],
  ['audio-technica', 'Audio-Technica'],
  ['pocketbook', 'PocketBook'],
  ['onyx', 'Onyx'],
];

const ordinalSuffixes = ['th', 'st', 'nd', 'rd'];
/** 1 → "1st", 12 → "12th", 23 → "23rd". */
function ordinal(value: number): string {
  const teen = value % 100 >= 11 && value % 100 <= 13;
  const suffix = teen ? 'th' : (ordinalSuffixes[value % 10] ?? 'th');
  return `${value}${suffix}`;
}

const romanDigits: readonly (readonly [number, string])[] = [
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
/** 4 → "IV" (enough for the generations used here, up to 89). */
function roman(value: number): string {
  let rest = value;
  let text = '';
  for (const [amount, digits] of romanDigits) {
    while (rest >= amount) {
      text += digits;
      rest -= amount;
    }
  }
  return text;
}

interface Family {
  category: CategoryKey;
  manufacturer: string;
  series: string;
  from: number;
  to: number;
  firstYear: number;
  /** Launch price of the line's cheapest model, euros. */
  launch: number;
  names: (generation: number) => readonly string[];
}

function family(
  category: CategoryKey,
  manufacturer: string,
  series: string,
  range: readonly [number, number, number],
  launch: number,
  names: (generation: number) => readonly string[],
): Family {
  const [from, to, firstYear] = range;
  return { category, manufacturer, series, from, to, firstYear, launch, names };
}

const families: readonly Family[] = [
  // Smartphones
  family('smartphones', 'samsung', 'Galaxy A', [10, 99, 2019], 199, (g) => [
    `Galaxy A${g}`,
    `Galaxy A${g} 5G`,
    `Galaxy A${g}s`,
  ]),
  family('smartphones', 'samsung', 'Galaxy M', [10, 99, 2019], 179, (g) => [
    `Galaxy M${g}`,
    `Galaxy M${g} 5G`,
    `Galaxy M${g}s`,
  ]),
  family('smartphones', 'samsung', 'Galaxy S', [25, 70, 2025], 899, (g) => [
    `Galaxy S${g}`,
    `Galaxy S${g}+`,
    `Galaxy S${g} Ultra`,
    `Galaxy S${g} FE`,
    `Galaxy S${g} Edge`,
  ]),
  family('smartphones', 'samsung', 'Galaxy Z', [7, 40, 2025], 1199, (g) => [
    `Galaxy Z Flip${g}`,
    `Galaxy Z Fold${g}`,
    `Galaxy Z Flip${g} FE`,
  ]),
  family('smartphones', 'apple', 'iPhone', [17, 60, 2025], 949, (g) => [
    `iPhone ${g}`,
    `iPhone ${g} Plus`,
    `iPhone ${g} Pro`,
    `iPhone ${g} Pro Max`,
  ]),
  family('smartphones', 'google', 'Pixel', [10, 60, 2025], 549, (g) => [
    `Pixel ${g}a`,
    `Pixel ${g}`,
    `Pixel ${g} Pro`,
    `Pixel ${g} Pro XL`,
  ]),
  family('smartphones', 'xiaomi', 'Redmi Note', [5, 60, 2018], 179, (g) => [
    `Redmi Note ${g}`,
    `Redmi Note ${g}S`,
    `Redmi Note ${g} 5G`,
    `Redmi Note ${g} Pro`,
    `Redmi Note ${g} Pro 5G`,
    `Redmi Note ${g} Pro+ 5G`,
  ]),
  family('smartphones', 'xiaomi', 'Redmi', [5, 60, 2018], 119, (g) => [
    `Redmi ${g}`,
    `Redmi ${g}A`,
    `Redmi ${g}C`,
  ]),
  family('smartphones', 'xiaomi', 'Poco', [2, 60, 2019], 249, (g) => [
    `Poco X${g}`,
    `Poco X${g} Pro`,
    `Poco F${g}`,
    `Poco F${g} Pro`,
    `Poco M${g}`,
  ]),
  family('smartphones', 'xiaomi', 'Xiaomi', [15, 60, 2025], 649, (g) => [
    `Xiaomi ${g}`,
    `Xiaomi ${g} Ultra`,
    `Xiaomi ${g}T`,
    `Xiaomi ${g}T Pro`,
  ]),
  family('smartphones', 'motorola', 'Moto G', [10, 99, 2019], 179, (g) => [
    `Moto G${g}`,
    `Moto G${g} 5G`,
    `Moto G${g} Power`,
    `Moto G${g} Play`,
  ]),
  family('smartphones', 'motorola', 'Moto E', [5, 60, 2018], 99, (g) => [
    `Moto E${g}`,
    `Moto E${g}s`,
    `Moto E${g} Power`,
  ]),
  family('smartphones', 'motorola', 'Edge', [10, 99, 2020], 399, (g) => [
    `Edge ${g}`,
    `Edge ${g} Neo`,
    `Edge ${g} Fusion`,
    `Edge ${g} Pro`,
    `Edge ${g} Ultra`,
  ]),
  family('smartphones', 'oppo', 'Reno', [2, 60, 2019], 399, (g) => [
    `Reno${g} 5G`,
    `Reno${g} F 5G`,
    `Reno${g} Lite 5G`,
    `Reno${g} Pro 5G`,
    `Reno${g} Pro+ 5G`,
  ]),
  family('smartphones', 'oppo', 'A', [10, 99, 2019], 179, (g) => [`A${g}`, `A${g}s`, `A${g} 5G`]),
  family('smartphones', 'oppo', 'Find X', [6, 50, 2023], 999, (g) => [
    `Find X${g}`,
    `Find X${g} Pro`,
    `Find X${g} Lite`,
    `Find N${g} Flip`,
  ]),
  family('smartphones', 'honor', 'Honor', [10, 99, 2019], 299, (g) => [
    `Honor ${g}`,
    `Honor ${g} Lite`,
    `Honor ${g} Pro`,
  ]),
  family('smartphones', 'honor', 'Honor X', [5, 60, 2020], 179, (g) => [
    `X${g}`,
    `X${g}a`,
    `X${g}b`,
    `X${g}c`,
  ]),
  family('smartphones', 'honor', 'Magic', [2, 40, 2020], 399, (g) => [
    `Magic${g} Lite 5G`,
    `Magic${g} Pro`,
    `Magic V${g}`,
  ]),
  family('smartphones', 'huawei', 'nova', [5, 60, 2019], 349, (g) => [
    `nova ${g}`,
    `nova ${g}i`,
    `nova ${g} SE`,
    `nova ${g} Pro`,
  ]),
  family('smartphones', 'huawei', 'Pura', [70, 120, 2024], 999, (g) => [
    `Pura ${g}`,
    `Pura ${g} Pro`,
    `Pura ${g} Ultra`,
  ]),
  family('smartphones', 'oneplus', 'Nord', [5, 60, 2024], 299, (g) => [
    `Nord ${g}`,
    `Nord CE${g} 5G`,
    `Nord CE${g} Lite 5G`,
    `Nord N${g}0 5G`,
  ]),
  family('smartphones', 'oneplus', 'OnePlus', [14, 60, 2025], 699, (g) => [
    `OnePlus ${g}`,
    `OnePlus ${g}R`,
    `OnePlus ${g}T`,
  ]),
  family('smartphones', 'nokia', 'Nokia G', [10, 99, 2020], 149, (g) => [`G${g}`, `G${g} 5G`]),
  family('smartphones', 'nokia', 'Nokia C', [10, 99, 2020], 99, (g) => [`C${g}`, `C${g} Plus`]),
  family('smartphones', 'sony', 'Xperia', [2, 40, 2019], 399, (g) => [
    `Xperia 10 ${roman(g)}`,
    `Xperia 5 ${roman(g)}`,
    `Xperia 1 ${roman(g)}`,
  ]),
  family('smartphones', 'vivo', 'V', [20, 99, 2021], 399, (g) => [
    `V${g}`,
    `V${g} Lite`,
    `V${g} Pro`,
  ]),
  family('smartphones', 'vivo', 'Y', [10, 99, 2019], 149, (g) => [`Y${g}`, `Y${g}s`, `Y${g} 5G`]),
  family('smartphones', 'vivo', 'X', [50, 150, 2021], 799, (g) => [
    `X${g}`,
    `X${g} Pro`,
    `X${g} Lite`,
  ]),
  family('smartphones', 'realme', 'Realme', [8, 60, 2021], 249, (g) => [
    `Realme ${g}`,
    `Realme ${g} Pro`,
    `Realme ${g} Pro+`,
  ]),
  family('smartphones', 'realme', 'Realme C', [20, 99, 2020], 119, (g) => [`C${g}`, `C${g}Y`]),
  family('smartphones', 'realme', 'Realme GT', [2, 40, 2021], 499, (g) => [
    `GT ${g}`,
    `GT ${g} Pro`,
    `GT Neo ${g}`,
  ]),
  family('smartphones', 'zte', 'Blade', [30, 99, 2019], 129, (g) => [
    `Blade A${g}`,
    `Blade V${g}`,
    `Blade V${g} Vita`,
  ]),
  family('smartphones', 'tcl', 'TCL', [10, 99, 2020], 149, (g) => [
    `TCL ${g}`,
    `TCL ${g} SE`,
    `TCL ${g} 5G`,
    `TCL ${g} Pro`,
  ]),
  family('smartphones', 'asus', 'Zenfone', [8, 50, 2021], 699, (g) => [
    `Zenfone ${g}`,
    `Zenfone ${g} Flip`,
    `ROG Phone ${g}`,
    `ROG Phone ${g} Pro`,
  ]),
  family('smartphones', 'nothing', 'Phone', [3, 40, 2025], 329, (g) => [
    `Phone (${g})`,
    `Phone (${g}a)`,
    `Phone (${g}a) Pro`,
  ]),
  // Tablets
  family('tablets', 'samsung', 'Galaxy Tab S', [11, 60, 2025], 449, (g) => [
    `Galaxy Tab S${g} FE`,
    `Galaxy Tab S${g}`,
    `Galaxy Tab S${g}+`,
    `Galaxy Tab S${g} Ultra`,
  ]),
  family('tablets', 'samsung', 'Galaxy Tab A', [10, 60, 2024], 179, (g) => [
    `Galaxy Tab A${g}`,
    `Galaxy Tab A${g}+`,
    `Galaxy Tab A${g} Lite`,
  ]),
  family('tablets', 'apple', 'iPad', [11, 60, 2025], 399, (g) => [
    `iPad (${ordinal(g)} generation)`,
    `iPad Air (${ordinal(g - 4)} generation)`,
    `iPad mini (${ordinal(g - 4)} generation)`,
    `iPad Pro (${ordinal(g - 4)} generation)`,
  ]),
  family('tablets', 'lenovo', 'Tab P', [12, 60, 2023], 299, (g) => [`Tab P${g}`, `Tab P${g} Pro`]),
  family('tablets', 'lenovo', 'Tab M', [7, 60, 2019], 129, (g) => [
    `Tab M${g}`,
    `Tab M${g} Plus`,
    `Tab M${g} HD`,
  ]),
  family('tablets', 'xiaomi', 'Xiaomi Pad', [7, 60, 2024], 299, (g) => [
    `Pad ${g}`,
    `Pad ${g} Pro`,
    `Redmi Pad ${g}`,
  ]),
  family('tablets', 'huawei', 'MatePad', [10, 60, 2020], 299, (g) => [
    `MatePad ${g}`,
    `MatePad SE ${g}`,
    `MatePad Pro ${g}`,
  ]),
  family('tablets', 'amazon', 'Fire', [2011, 2025, 2011], 79, (g) => [
    `Fire 7 (${g})`,
    `Fire HD 8 (${g})`,
    `Fire HD 10 (${g})`,
  ]),
  // Laptops
  family('laptops', 'lenovo', 'ThinkPad X1 Carbon', [13, 60, 2025], 1999, (g) => [
    `ThinkPad X1 Carbon Gen ${g}`,
    `ThinkPad X1 Yoga Gen ${g}`,
  ]),
  family('laptops', 'lenovo', 'ThinkPad T14', [6, 60, 2024], 1299, (g) => [
    `ThinkPad T14 Gen ${g}`,
    `ThinkPad T14s Gen ${g}`,
    `ThinkPad T16 Gen ${g}`,
  ]),
  family('laptops', 'lenovo', 'ThinkPad E', [1, 60, 2020], 799, (g) => [
    `ThinkPad E14 Gen ${g}`,
    `ThinkPad E16 Gen ${g}`,
    `ThinkPad L14 Gen ${g}`,
  ]),
  family('laptops', 'lenovo', 'IdeaPad', [1, 60, 2020], 599, (g) => [
    `IdeaPad Slim 3 Gen ${g}`,
    `IdeaPad Slim 5 Gen ${g}`,
    `IdeaPad Pro 5 Gen ${g}`,
  ]),
  family('laptops', 'dell', 'Latitude', [20, 99, 2019], 999, (g) => [
    `Latitude 3${4}${g}`,
    `Latitude 5${4}${g}`,
    `Latitude 7${4}${g}`,
    `Latitude 9${4}${g}`,
  ]),
  family('laptops', 'dell', 'Inspiron', [10, 99, 2019], 549, (g) => [
    `Inspiron 14 54${g}`,
    `Inspiron 15 35${g}`,
    `Inspiron 16 56${g}`,
  ]),
  family('laptops', 'dell', 'XPS 13', [41, 99, 2024], 1399, (g) => [
    `XPS 13 93${g}`,
    `XPS 14 94${g}`,
    `XPS 16 96${g}`,
  ]),
  family('laptops', 'hp', 'EliteBook', [11, 60, 2024], 1599, (g) => [
    `EliteBook 830 G${g}`,
    `EliteBook 840 G${g}`,
    `EliteBook 860 G${g}`,
    `EliteBook 1040 G${g}`,
  ]),
  family('laptops', 'hp', 'ProBook', [11, 60, 2024], 899, (g) => [
    `ProBook 440 G${g}`,
    `ProBook 450 G${g}`,
    `ProBook 460 G${g}`,
  ]),
  family('laptops', 'hp', 'ZBook', [7, 60, 2020], 1899, (g) => [
    `ZBook Firefly 14 G${g}`,
    `ZBook Power 15 G${g}`,
    `ZBook Studio 16 G${g}`,
  ]),
  family('laptops', 'asus', 'Zenbook', [10, 99, 2020], 999, (g) => [
    `Zenbook 14 OLED UX34${g}`,
    `Zenbook S 13 OLED UX53${g}`,
  ]),
  family('laptops', 'asus', 'Vivobook', [10, 99, 2020], 499, (g) => [
    `Vivobook 14 X14${g}`,
    `Vivobook 15 X15${g}`,
    `Vivobook 16 X16${g}`,
  ]),
  family('laptops', 'acer', 'Aspire', [40, 99, 2019], 449, (g) => [
    `Aspire 3 A315-${g}`,
    `Aspire 5 A515-${g}`,
    `Aspire 7 A715-${g}`,
  ]),
  family('laptops', 'acer', 'Swift', [40, 99, 2020], 799, (g) => [
    `Swift Go 14 SFG14-${g}`,
    `Swift 3 SF314-${g}`,
    `Swift X 14 SFX14-${g}`,
  ]),
  family('laptops', 'apple', 'MacBook', [5, 40, 2025], 1199, (g) => [
    `MacBook Air 13" M${g}`,
    `MacBook Air 15" M${g}`,
    `MacBook Pro 14" M${g}`,
    `MacBook Pro 14" M${g} Pro`,
    `MacBook Pro 16" M${g} Max`,
  ]),
  family('laptops', 'microsoft', 'Surface Laptop', [8, 60, 2025], 1149, (g) => [
    `Surface Laptop ${g} 13.8"`,
    `Surface Laptop ${g} 15"`,
    `Surface Laptop Go ${g - 4}`,
  ]),
  family('laptops', 'msi', 'MSI', [10, 60, 2020], 899, (g) => [
    `Modern 14 C${g}M`,
    `Prestige 14 A${g}M`,
    `Katana 15 B${g}V`,
    `Stealth 16 A${g}V`,
  ]),
  family('laptops', 'razer', 'Blade', [2015, 2025, 2015], 1999, (g) => [
    `Blade 14 (${g})`,
    `Blade 15 (${g})`,
    `Blade 16 (${g})`,
    `Blade 18 (${g})`,
  ]),
  // Smartwatches
  family('smartwatches', 'apple', 'Apple Watch', [11, 60, 2025], 299, (g) => [
    `Watch Series ${g}`,
    `Watch SE (${ordinal(g - 8)} generation)`,
    `Watch Ultra ${g - 8}`,
  ]),
  family('smartwatches', 'samsung', 'Galaxy Watch', [8, 60, 2025], 299, (g) => [
    `Galaxy Watch${g}`,
    `Galaxy Watch${g} Classic`,
    `Galaxy Watch${g} Pro`,
  ]),
  family('smartwatches', 'garmin', 'Forerunner', [1, 99, 2019], 199, (g) => [
    `Forerunner ${g}5`,
    `Forerunner ${g}5S`,
    `Forerunner ${g}5 Music`,
  ]),
  family('smartwatches', 'garmin', 'Fenix', [9, 60, 2025], 799, (g) => [
    `Fenix ${g}`,
    `Fenix ${g}S`,
    `Fenix ${g}X`,
    `Fenix ${g} Pro Solar`,
  ]),
  family('smartwatches', 'garmin', 'Venu', [4, 60, 2024], 299, (g) => [
    `Venu ${g}`,
    `Venu ${g}S`,
    `Venu Sq ${g}`,
    `Vivoactive ${g + 2}`,
  ]),
  family('smartwatches', 'garmin', 'Instinct', [3, 60, 2024], 349, (g) => [
    `Instinct ${g}`,
    `Instinct ${g} Solar`,
    `Instinct ${g}X Solar`,
  ]),
  family('smartwatches', 'fitbit', 'Fitbit', [5, 60, 2020], 129, (g) => [
    `Versa ${g}`,
    `Charge ${g + 2}`,
    `Sense ${g - 2}`,
    `Inspire ${g - 2}`,
  ]),
  family('smartwatches', 'huawei', 'Huawei Watch', [5, 60, 2024], 199, (g) => [
    `Watch GT ${g}`,
    `Watch GT ${g} Pro`,
    `Watch Fit ${g - 2}`,
  ]),
  family('smartwatches', 'amazfit', 'Amazfit', [2, 60, 2020], 149, (g) => [
    `GTR ${g}`,
    `GTR ${g} Pro`,
    `GTS ${g}`,
    `GTS ${g} Mini`,
    `T-Rex ${g}`,
  ]),
  family('smartwatches', 'polar', 'Polar', [2, 60, 2020], 299, (g) => [
    `Vantage V${g}`,
    `Vantage M${g}`,
    `Grit X${g}`,
    `Pacer ${g}`,
  ]),
  family('smartwatches', 'suunto', 'Suunto', [5, 60, 2020], 349, (g) => [
    `Suunto ${g}`,
    `Suunto ${g} Peak`,
    `Suunto Race ${g - 4}`,
    `Suunto Vertical ${g - 4}`,
  ]),
  // Cameras
  family('cameras', 'canon', 'EOS R', [11, 99, 2025], 999, (g) => [
    `EOS R${g}`,
    `EOS R${g} Mark II`,
    `EOS R${g} Mark III`,
  ]),
  family('cameras', 'canon', 'PowerShot', [100, 999, 2016], 299, (g) => [`PowerShot SX${g} HS`]),
  family('cameras', 'sony', 'Alpha', [5, 40, 2025], 1999, (g) => [
    `Alpha 7 ${roman(g)}`,
    `Alpha 7R ${roman(g + 1)}`,
    `Alpha 7S ${roman(g - 1)}`,
    `Alpha 7C ${roman(g - 2)}`,
  ]),
  family('cameras', 'sony', 'ZV', [2, 60, 2022], 749, (g) => [`ZV-E${g}0`, `ZV-1 ${roman(g + 1)}`]),
  family('cameras', 'nikon', 'Z', [10, 99, 2025], 999, (g) => [`Z ${g}`, `Z ${g}II`, `Z ${g}III`]),
  family('cameras', 'nikon', 'Coolpix', [100, 999, 2016], 249, (g) => [
    `Coolpix P${g}`,
    `Coolpix A${g}`,
  ]),
  family('cameras', 'fujifilm', 'X-T', [6, 99, 2025], 1299, (g) => [
    `X-T${g}`,
    `X-T${g} II`,
    `X-S${g * 10}`,
    `X-H${g - 3}`,
  ]),
  family('cameras', 'fujifilm', 'instax', [13, 99, 2024], 79, (g) => [
    `instax mini ${g}`,
    `instax wide ${g * 10}`,
    `instax SQUARE SQ${g}`,
  ]),
  family('cameras', 'panasonic', 'Lumix', [10, 99, 2020], 699, (g) => [
    `Lumix S${g}`,
    `Lumix G${g}0`,
    `Lumix GH${g - 3}`,
    `Lumix TZ${g}0`,
  ]),
  family('cameras', 'om-system', 'OM', [1, 40, 2022], 1299, (g) => [
    `OM-${g}`,
    `OM-${g} Mark II`,
    `OM-${g} Mark III`,
  ]),
  family('cameras', 'leica', 'Leica', [3, 40, 2022], 4999, (g) => [
    `Q${g}`,
    `Q${g} Monochrom`,
    `SL${g}`,
    `M${g + 8}`,
  ]),
  family('cameras', 'insta360', 'Insta360', [4, 60, 2023], 399, (g) => [
    `X${g}`,
    `Ace Pro ${g - 2}`,
    `GO ${g - 1}`,
  ]),
  family('cameras', 'gopro', 'HERO', [14, 99, 2025], 399, (g) => [
    `HERO${g} Black`,
    `HERO${g} Black Mini`,
    `HERO${g}`,
  ]),
  family('cameras', 'dji', 'DJI', [5, 60, 2024], 399, (g) => [
    `Osmo Action ${g + 1}`,
    `Osmo Pocket ${g - 1}`,
    `Mini ${g}`,
    `Mini ${g} Pro`,
    `Air ${g - 1}`,
    `Mavic ${g - 1} Pro`,
  ]),
  // Consoles
  family('consoles', 'sony', 'PlayStation', [6, 30, 2025], 499, (g) => [
    `PlayStation ${g}`,
    `PlayStation ${g} Digital Edition`,
    `PlayStation ${g} Pro`,
  ]),
  family('consoles', 'microsoft', 'Xbox', [2021, 2025, 2021], 299, (g) => [
    `Xbox Series X (${g})`,
    `Xbox Series S (${g})`,
  ]),
  family('consoles', 'nintendo', 'Switch', [3, 30, 2025], 299, (g) => [
    `Switch ${g}`,
    `Switch ${g} Lite`,
    `Switch ${g} OLED`,
  ]),
  family('consoles', 'meta', 'Quest', [4, 40, 2025], 329, (g) => [
    `Quest ${g}`,
    `Quest ${g}S`,
    `Quest ${g} Pro`,
  ]),
  family('consoles', 'valve', 'Steam Deck', [2, 30, 2025], 419, (g) => [
    `Steam Deck ${g}`,
    `Steam Deck ${g} OLED`,
  ]),
  // Headphones
  family('headphones', 'sony', 'WH-1000X', [7, 99, 2025], 299, (g) => [
    `WH-1000XM${g}`,
    `WF-1000XM${g - 1}`,
    `WH-CH${g}20N`,
  ]),
  family('headphones', 'apple', 'AirPods', [5, 40, 2025], 149, (g) => [
    `AirPods (${ordinal(g)} generation)`,
    `AirPods Pro (${ordinal(g - 2)} generation)`,
    `AirPods Max (${ordinal(g - 3)} generation)`,
  ]),
  family('headphones', 'bose', 'QuietComfort', [46, 99, 2019], 249, (g) => [
    `QuietComfort ${g}`,
    `QuietComfort Earbuds ${roman(g - 43)}`,
  ]),
  family('headphones', 'sennheiser', 'Momentum', [5, 60, 2024], 199, (g) => [
    `Momentum ${g} Wireless`,
    `Momentum True Wireless ${g}`,
    `Accentum ${g}`,
  ]),
  family('headphones', 'jbl', 'JBL', [10, 99, 2019], 59, (g) => [
    `Tune ${g}0BT`,
    `Tune ${g}0NC`,
    `Live ${g}0NC`,
    `Tour One M${g - 7}`,
  ]),
  family('headphones', 'samsung', 'Galaxy Buds', [4, 60, 2025], 109, (g) => [
    `Galaxy Buds${g}`,
    `Galaxy Buds${g} Pro`,
    `Galaxy Buds${g} FE`,
  ]),
  family('headphones', 'beats', 'Beats', [2, 40, 2020], 149, (g) => [
    `Studio Buds ${g}`,
    `Powerbeats Pro ${g}`,
    `Solo ${g + 3}`,
  ]),
  family('headphones', 'jabra', 'Jabra', [5, 60, 2019], 129, (g) => [
    `Elite ${g}`,
    `Elite ${g} Active`,
    `Elite ${g}0t`,
    `Evolve2 ${g}5`,
  ]),
  family('headphones', 'marshall', 'Marshall', [3, 40, 2020], 129, (g) => [
    `Major ${roman(g)}`,
    `Monitor ${roman(g - 1)} A.N.C.`,
    `Motif ${roman(g - 1)} A.N.C.`,
  ]),
  family('headphones', 'audio-technica', 'Audio-Technica', [20, 99, 2019], 99, (g) => [
    `ATH-M${g}x`,
    `ATH-M${g}xBT`,
    `ATH-SQ${g}TW`,
  ]),
  // E-readers
  family('e-readers', 'amazon', 'Kindle', [13, 60, 2025], 109, (g) => [
    `Kindle (${ordinal(g)} generation)`,
    `Kindle Paperwhite (${ordinal(g)} generation)`,
    `Kindle Oasis (${ordinal(g - 2)} generation)`,
  ]),
  family('e-readers', 'kobo', 'Kobo', [3, 60, 2023], 139, (g) => [
    `Clara ${g}`,
    `Libra ${g}`,
    `Sage ${g}`,
    `Elipsa ${g}`,
  ]),
  family('e-readers', 'tolino', 'Tolino', [6, 60, 2024], 119, (g) => [
    `Shine ${g}`,
    `Vision ${g + 1}`,
    `Epos ${g - 2}`,
    `Page ${g - 3}`,
  ]),
  family('e-readers', 'pocketbook', 'PocketBook', [2, 60, 2019], 129, (g) => [
    `InkPad ${g}`,
    `Era ${g}`,
    `Verse ${g}`,
    `Touch Lux ${g + 3}`,
    `InkPad Color ${g}`,
  ]),
  family('e-readers', 'onyx', 'Boox', [2, 60, 2021], 249, (g) => [
    `Boox Note Air${g}`,
    `Boox Tab Ultra ${g}`,
    `Boox Leaf${g}`,
    `Boox Palma ${g}`,
  ]),
];

const colours = [
  'Black',
  'White',
  'Silver',
  'Blue',
  'Green',
  'Graphite',
  'Purple',
  'Gold',
  'Red',
  'Titanium',
  'Pink',
  'Midnight',
];
const storages = ['32 GB', '64 GB', '128 GB', '256 GB', '512 GB', '1 TB', '2 TB'];

/** Takes `count` consecutive items of `items` starting at a random place. */
function window<T>(items: readonly T[], count: number, random: () => number): T[] {
  const start = Math.floor(random() * (items.length - count + 1));
  return items.slice(start, start + count);
}

/** Picks `count` distinct items in their original order. */
function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, items.length))
    chosen.add(Math.floor(random() * items.length));
  return [...chosen].toSorted((left, right) => left - right).map((index) => items[index] as T);
}

/** Crosses dimensions into variants; later options of a dimension cost more. */
function cross(dimensions: readonly (readonly string[])[], step: number): VariantInput[] {
  let variants: VariantInput[] = [{ label: '', priceFactor: 1 }];
  for (const options of dimensions) {
    variants = variants.flatMap((variant) =>
      options.map((option, index) => ({
        label: variant.label === '' ? option : `${variant.label} ${option}`,
        priceFactor: variant.priceFactor * step ** index,
      })),
    );
  }
  return variants;
}

const comboManufacturers = new Set(['dji', 'gopro', 'insta360']);

/** Realistic variant sets per category, drawn with the seeded generator. */
function variantsFor(
  category: CategoryKey,
  manufacturer: string,
  random: () => number,
): VariantInput[] {
  const someColours = (count: number): string[] => pick(colours, count, random);
  // Action cams and drones are sold alone or as a combo with spare batteries, not with lenses.
  if (comboManufacturers.has(manufacturer)) return cross([['Standard', 'Creator Combo']], 1.25);
  switch (category) {
    case 'smartphones':
      return cross(
        [
          window(storages.slice(1, 6), 2 + Math.floor(random() * 3), random),
          someColours(2 + Math.floor(random() * 3)),
        ],
        1.12,
      );
    case 'tablets':
      return cross(
        [
          window(storages.slice(1, 6), 2 + Math.floor(random() * 2), random),
          ['Wi-Fi', 'Wi-Fi + Cellular'],
          someColours(2),
        ],
        1.1,
      );
    case 'laptops':
      return cross(
        [
          window(['8 GB RAM', '16 GB RAM', '32 GB RAM', '64 GB RAM'], 2, random),
          window(
            ['256 GB SSD', '512 GB SSD', '1 TB SSD', '2 TB SSD'],
            2 + Math.floor(random() * 2),
            random,
          ),
        ],
        1.15,
      );
    case 'smartwatches':
      return cross(
        [
          window(['40 mm', '41 mm', '42 mm', '44 mm', '45 mm', '46 mm', '47 mm'], 2, random),
          ['GPS', 'LTE'],
          someColours(2),
        ],
        1.06,
      );
    case 'cameras':
      return cross(
        [
          ['Body', 'Kit 24-70 mm', 'Kit 24-105 mm'].slice(0, 1 + Math.floor(random() * 3)),
          ['Black', 'Silver'].slice(0, 1 + Math.floor(random() * 2)),
        ],
        1.2,
      );
    case 'consoles':
      return cross(
        [
          window(['512 GB', '825 GB', '1 TB', '2 TB'], 2, random),
          ['Standard', 'Bundle'],
          someColours(2),
        ],
        1.1,
      );
    case 'headphones':
      return cross([someColours(3 + Math.floor(random() * 4))], 1);
    case 'e-readers':
      return cross(
        [
          window(['8 GB', '16 GB', '32 GB', '64 GB'], 2, random),
          ['Black', 'White', 'Blue'].slice(0, 1 + Math.floor(random() * 3)),
        ],
        1.1,
      );
  }
}

/** Copies the seed lines, keeping at most `budget` devices (variants) in total. */
function trimmedSeed(budget: number): { lines: ProductLine[]; used: number } {
  let used = 0;
  const lines: ProductLine[] = [];
  for (const line of seedProductLines) {
    const series = [];
    for (const entry of line.series) {
      const models: ModelInput[] = [];
      for (const model of entry.models) {
        if (used >= budget) break;
        const variants = model.variants.slice(0, budget - used);
        used += variants.length;
        models.push({ ...model, variants });
      }
      if (models.length > 0) series.push({ name: entry.name, models });
    }
    if (series.length > 0) lines.push({ ...line, series });
  }
  return { lines, used };
}

/**
 * A catalogue of exactly `deviceCount` devices for benchmarks: the seed first, then synthetic
 * models taken in turns from every line (one generation per line per turn) so that all
 * categories and manufacturers grow together. Same `deviceCount` and `seed`, same catalogue.
 */
export function generateBenchmarkCatalogue(deviceCount: number, seed = 1): Catalogue {
  if (!Number.isInteger(deviceCount) || deviceCount < 1) {
    throw new Error(`Device count must be a positive integer, got ${deviceCount}`);
  }
  const random = seededRandom(seed);
  const manufacturers: ManufacturerInput[] = [
    ...seedManufacturers,
    ...extraManufacturerNames.map(([key, name], index) => ({
      id: seedManufacturers.length + index + 1,
      key,
      name,
    })),
  ];
  const manufacturerNames = new Map(manufacturers.map((entry) => [entry.key, entry.name]));
  const { lines: seedLines, used } = trimmedSeed(deviceCount);
  let remaining = deviceCount - used;

  // Synthetic models join the seed's series of the same name, or a new series after them.
  const seriesModels = new Map<string, ModelInput[]>();
  const lineOrder: {
    category: CategoryKey;
    manufacturer: string;
    series: Map<string, ModelInput[]>;
  }[] = [];
  const lineByKey = new Map<string, (typeof lineOrder)[number]>();
  const lineFor = (category: CategoryKey, manufacturer: string): (typeof lineOrder)[number] => {
    const key = `${category}/${manufacturer}`;
    let entry = lineByKey.get(key);
    if (entry === undefined) {
      entry = { category, manufacturer, series: new Map() };
      lineByKey.set(key, entry);
      lineOrder.push(entry);
    }
    return entry;
  };
  const modelKeys = new Set<string>();
  for (const line of seedLines) {
    const entry = lineFor(line.category, line.manufacturer);
    for (const series of line.series) {
      const models = [...series.models];
      entry.series.set(series.name, models);
      seriesModels.set(`${line.category}/${line.manufacturer}/${series.name}`, models);
      for (const model of series.models) {
        modelKeys.add(
          toSlug(withManufacturer(manufacturerNames.get(line.manufacturer) ?? '', model.model)),
        );
      }
    }
  }

  for (let turn = 0; remaining > 0; turn += 1) {
    let added = false;
    for (const source of families) {
      if (remaining <= 0) break;
      const generation = source.from + turn;
      if (generation > source.to) continue;
      added = true;
      const span = source.to - source.from + 1;
      const year =
        source.firstYear +
        Math.floor(((generation - source.from) / span) * (2026 - source.firstYear));
      const manufacturerName = manufacturerNames.get(source.manufacturer) ?? '';
      for (const [nameIndex, name] of source.names(generation).entries()) {
        if (remaining <= 0) break;
        const modelKey = toSlug(withManufacturer(manufacturerName, name));
        if (modelKeys.has(modelKey)) continue;
        modelKeys.add(modelKey);
        const variants = variantsFor(source.category, source.manufacturer, random).slice(
          0,
          remaining,
        );
        remaining -= variants.length;
        const seriesKey = `${source.category}/${source.manufacturer}/${source.series}`;
        let models = seriesModels.get(seriesKey);
        if (models === undefined) {
          models = [];
          seriesModels.set(seriesKey, models);
          lineFor(source.category, source.manufacturer).series.set(source.series, models);
        }
        models.push({
          model: name,
          year,
          month: 1 + Math.floor(random() * 12),
          launchEuros: Math.round(source.launch * (1 + 0.3 * nameIndex) * (0.9 + random() * 0.2)),
          variants,
          codes: [],
        });
      }
    }
    if (!added) {
      throw new Error(
        `Benchmark catalogue holds at most ${deviceCount - remaining} devices, asked for ${deviceCount}`,
      );
    }
  }

  const lines: ProductLine[] = lineOrder.map((entry) => ({
    category: entry.category,
    manufacturer: entry.manufacturer,
    series: [...entry.series].map(([name, models]) => ({ name, models })),
  }));
  return assembleCatalogue(manufacturers, lines);
}
