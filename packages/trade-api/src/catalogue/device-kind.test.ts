import { describe, expect, it } from 'vitest';
import { categoryKeys, type CategoryKey } from './catalogue-texts.ts';
import {
  categoryKind,
  categoryOfKind,
  deviceKind,
  deviceKinds,
  type DeviceKind,
} from './device-kind.ts';
import { seedProductLines } from './seed-data.ts';

/**
 * Every series of the seed (`category | series`) with the kind of most of its models, and the
 * models that differ. A new seed series fails the first test until it is listed here, so
 * somebody looks at what its drawing shows.
 */
const seedSeriesKinds: ReadonlyArray<
  readonly [series: string, kind: DeviceKind, exceptions?: Readonly<Record<string, DeviceKind>>]
> = [
  ['smartphones | iPhone 16', 'phone-island', { 'iPhone 16e': 'phone-notch' }],
  ['smartphones | iPhone 15', 'phone-island'],
  [
    'smartphones | iPhone 14',
    'phone-island',
    { 'iPhone 14 Plus': 'phone-notch', 'iPhone 14': 'phone-notch' },
  ],
  ['smartphones | iPhone 13', 'phone-notch'],
  ['smartphones | iPhone 12', 'phone-notch'],
  ['smartphones | iPhone 11', 'phone-notch'],
  ['smartphones | iPhone SE', 'phone-home-button'],
  ['smartphones | iPhone X', 'phone-notch'],
  ['smartphones | iPhone 8', 'phone-home-button'],
  ['smartphones | iPhone 7', 'phone-home-button'],
  ['smartphones | Galaxy S24', 'phone-punch-hole'],
  ['smartphones | Galaxy S23', 'phone-punch-hole'],
  ['smartphones | Galaxy S22', 'phone-punch-hole'],
  ['smartphones | Galaxy S21', 'phone-punch-hole'],
  ['smartphones | Galaxy S20', 'phone-punch-hole'],
  ['smartphones | Galaxy S10', 'phone-punch-hole'],
  ['smartphones | Galaxy Z Fold', 'phone-fold'],
  ['smartphones | Galaxy Z Flip', 'phone-flip'],
  ['smartphones | Galaxy A', 'phone-punch-hole'],
  ['smartphones | Galaxy Note', 'phone-punch-hole', { 'Galaxy Note9': 'phone-bezel' }],
  ['smartphones | Pixel 9', 'phone-punch-hole', { 'Pixel 9 Pro Fold': 'phone-fold' }],
  ['smartphones | Pixel 8', 'phone-punch-hole'],
  ['smartphones | Pixel 7', 'phone-punch-hole', { 'Pixel Fold': 'phone-fold' }],
  ['smartphones | Pixel 6', 'phone-punch-hole'],
  ['smartphones | Pixel 5', 'phone-punch-hole'],
  ['smartphones | Pixel 4', 'phone-bezel'],
  ['smartphones | Xiaomi 14', 'phone-punch-hole'],
  ['smartphones | Xiaomi 13', 'phone-punch-hole'],
  ['smartphones | Xiaomi 12', 'phone-punch-hole'],
  ['smartphones | Xiaomi 11', 'phone-punch-hole'],
  ['smartphones | Redmi Note', 'phone-punch-hole'],
  ['smartphones | Redmi', 'phone-punch-hole'],
  ['smartphones | Poco', 'phone-punch-hole'],
  ['smartphones | OnePlus 13', 'phone-punch-hole'],
  ['smartphones | OnePlus 12', 'phone-punch-hole'],
  ['smartphones | OnePlus 11', 'phone-punch-hole'],
  ['smartphones | OnePlus 10', 'phone-punch-hole'],
  ['smartphones | OnePlus 9', 'phone-punch-hole'],
  ['smartphones | OnePlus 8', 'phone-punch-hole'],
  ['smartphones | Nord', 'phone-punch-hole'],
  ['smartphones | P', 'phone-punch-hole'],
  [
    'smartphones | Mate',
    'phone-punch-hole',
    { 'Mate X3': 'phone-fold', 'Mate Xs 2': 'phone-fold' },
  ],
  ['smartphones | nova', 'phone-punch-hole'],
  ['smartphones | Xperia 1', 'phone-bezel'],
  ['smartphones | Xperia 5', 'phone-bezel'],
  ['smartphones | Xperia 10', 'phone-bezel'],
  ['smartphones | Edge', 'phone-punch-hole'],
  ['smartphones | Moto G', 'phone-punch-hole'],
  ['smartphones | razr', 'phone-flip'],
  ['smartphones | Nokia X', 'phone-punch-hole'],
  ['smartphones | Nokia G', 'phone-punch-hole'],
  ['smartphones | Nokia C', 'phone-punch-hole'],
  ['smartphones | Find X', 'phone-punch-hole', { 'Find N2 Flip': 'phone-flip' }],
  ['smartphones | Reno', 'phone-punch-hole'],
  ['smartphones | A', 'phone-punch-hole'],
  [
    'smartphones | Magic',
    'phone-punch-hole',
    { 'Magic V3': 'phone-fold', 'Magic V2': 'phone-fold' },
  ],
  ['smartphones | Honor 200', 'phone-punch-hole'],
  ['smartphones | Honor 90', 'phone-punch-hole'],
  ['smartphones | Honor 70', 'phone-punch-hole'],
  ['smartphones | Honor 50', 'phone-punch-hole'],
  ['smartphones | Honor X', 'phone-punch-hole'],
  ['smartphones | Phone', 'phone-punch-hole'],
  ['smartphones | CMF', 'phone-punch-hole'],
  [
    'smartphones | Fairphone',
    'phone-bezel',
    { 'Fairphone 5': 'phone-punch-hole', 'Fairphone 4': 'phone-notch' },
  ],
  ['tablets | iPad', 'tablet'],
  ['tablets | iPad Air', 'tablet'],
  ['tablets | iPad Pro', 'tablet-pen'],
  ['tablets | iPad mini', 'tablet'],
  ['tablets | Galaxy Tab S', 'tablet-pen'],
  ['tablets | Galaxy Tab A', 'tablet'],
  ['tablets | Surface Pro', 'tablet-pen'],
  ['tablets | Surface Go', 'tablet'],
  ['tablets | Tab P', 'tablet', { 'Tab P11 Pro (2nd Gen)': 'tablet-pen' }],
  ['tablets | Tab M', 'tablet'],
  [
    'tablets | MatePad',
    'tablet',
    { 'MatePad Pro 13.2': 'tablet-pen', 'MatePad Pro 11': 'tablet-pen' },
  ],
  ['tablets | Xiaomi Pad', 'tablet', { 'Pad 6S Pro 12.4': 'tablet-pen' }],
  ['tablets | Pixel Tablet', 'tablet'],
  ['tablets | Fire', 'tablet'],
  ['laptops | MacBook Air', 'laptop-thin'],
  ['laptops | MacBook Pro 14"', 'laptop'],
  ['laptops | MacBook Pro 16"', 'laptop'],
  ['laptops | MacBook Pro 13"', 'laptop'],
  ['laptops | ThinkPad X1 Carbon', 'laptop-thin'],
  ['laptops | ThinkPad T14', 'laptop'],
  ['laptops | ThinkPad X1 Yoga', 'laptop-convertible'],
  ['laptops | Yoga', 'laptop-convertible', { 'Yoga Slim 7': 'laptop-thin' }],
  [
    'laptops | IdeaPad',
    'laptop-thin',
    { 'IdeaPad 5 Pro 16': 'laptop', 'IdeaPad Gaming 3': 'laptop-gaming' },
  ],
  ['laptops | Legion', 'laptop-gaming'],
  ['laptops | XPS 13', 'laptop-thin'],
  ['laptops | XPS 15', 'laptop'],
  ['laptops | XPS 17', 'laptop'],
  ['laptops | Latitude', 'laptop'],
  ['laptops | Inspiron', 'laptop'],
  ['laptops | Alienware', 'laptop-gaming'],
  ['laptops | Spectre', 'laptop-convertible'],
  ['laptops | EliteBook', 'laptop'],
  ['laptops | ProBook', 'laptop'],
  ['laptops | Envy', 'laptop-convertible', { 'Envy 16 (2023)': 'laptop' }],
  [
    'laptops | Pavilion',
    'laptop-thin',
    { 'Pavilion x360 14': 'laptop-convertible', 'Pavilion 15 (2021)': 'laptop' },
  ],
  ['laptops | Omen', 'laptop-gaming'],
  [
    'laptops | Zenbook',
    'laptop-thin',
    { 'Zenbook Duo UX8406': 'laptop-convertible', 'Zenbook Pro 14 Duo OLED': 'laptop-convertible' },
  ],
  ['laptops | Vivobook', 'laptop', { 'Vivobook S 15 OLED': 'laptop-thin' }],
  ['laptops | ROG', 'laptop-gaming', { 'ROG Flow X13 (2022)': 'laptop-convertible' }],
  ['laptops | TUF Gaming', 'laptop-gaming'],
  ['laptops | Swift', 'laptop-thin'],
  ['laptops | Aspire', 'laptop'],
  ['laptops | Predator', 'laptop-gaming'],
  ['laptops | Nitro', 'laptop-gaming'],
  ['laptops | Surface Laptop', 'laptop-thin'],
  ['laptops | Surface Laptop Studio', 'laptop-convertible'],
  ['laptops | Galaxy Book', 'laptop-thin', { 'Galaxy Book3 Pro 360': 'laptop-convertible' }],
  ['laptops | MateBook', 'laptop', { 'MateBook X Pro (2023)': 'laptop-thin' }],
  ['smartwatches | Apple Watch Series', 'watch-square'],
  ['smartwatches | Apple Watch Ultra', 'watch-square'],
  ['smartwatches | Apple Watch SE', 'watch-square'],
  ['smartwatches | Galaxy Watch', 'watch-round'],
  ['smartwatches | Fenix', 'watch-round'],
  ['smartwatches | Forerunner', 'watch-round'],
  [
    'smartwatches | Venu',
    'watch-round',
    { 'Venu Sq 2 Music': 'watch-square', 'Venu Sq 2': 'watch-square' },
  ],
  ['smartwatches | Epix', 'watch-round'],
  ['smartwatches | Instinct', 'watch-round'],
  ['smartwatches | Pixel Watch', 'watch-round'],
  ['smartwatches | Sense', 'watch-square'],
  ['smartwatches | Versa', 'watch-square'],
  ['smartwatches | Charge', 'fitness-band'],
  ['smartwatches | Huawei Watch', 'watch-round'],
  ['smartwatches | OnePlus Watch', 'watch-round'],
  ['cameras | EOS R', 'camera-mirrorless'],
  ['cameras | EOS DSLR', 'camera-dslr'],
  ['cameras | PowerShot', 'camera-compact'],
  ['cameras | Alpha', 'camera-mirrorless'],
  ['cameras | ZV', 'camera-mirrorless', { 'ZV-1 II': 'camera-compact', 'ZV-1': 'camera-compact' }],
  ['cameras | Cyber-shot', 'camera-compact'],
  ['cameras | Z', 'camera-mirrorless'],
  ['cameras | Nikon D', 'camera-dslr'],
  ['cameras | Coolpix', 'camera-compact'],
  ['cameras | X-T', 'camera-mirrorless'],
  ['cameras | X-S / X-H', 'camera-mirrorless'],
  ['cameras | X100', 'camera-compact'],
  ['cameras | GFX', 'camera-mirrorless'],
  ['cameras | instax', 'camera-compact'],
  ['cameras | Lumix S', 'camera-mirrorless'],
  ['cameras | Lumix G', 'camera-mirrorless'],
  ['cameras | Lumix compact', 'camera-compact'],
  ['cameras | HERO', 'camera-action'],
  ['cameras | MAX', 'camera-action'],
  ['cameras | Osmo', 'camera-action'],
  ['cameras | Mini drones', 'camera-drone'],
  ['cameras | Air and Mavic drones', 'camera-drone'],
  [
    'consoles | PlayStation 5',
    'console-box',
    { 'PlayStation Portal': 'console-handheld', 'PlayStation VR2': 'vr-headset' },
  ],
  ['consoles | PlayStation 4', 'console-box', { 'PlayStation VR': 'vr-headset' }],
  ['consoles | Xbox Series', 'console-box'],
  ['consoles | Xbox One', 'console-box'],
  ['consoles | Switch', 'console-hybrid', { 'Switch Lite': 'console-handheld' }],
  ['consoles | 3DS', 'console-dual-screen'],
  ['consoles | Steam Deck', 'console-handheld'],
  ['consoles | Quest', 'vr-headset'],
  ['consoles | ROG Ally', 'console-handheld'],
  ['consoles | Legion Go', 'console-handheld'],
  ['headphones | AirPods', 'headphones-in-ear'],
  ['headphones | AirPods Max', 'headphones-over-ear'],
  ['headphones | WH-1000X', 'headphones-over-ear'],
  ['headphones | WF-1000X', 'headphones-in-ear'],
  ['headphones | LinkBuds', 'headphones-in-ear'],
  ['headphones | ULT and WH-CH', 'headphones-over-ear'],
  [
    'headphones | QuietComfort',
    'headphones-over-ear',
    {
      'QuietComfort Ultra Earbuds': 'headphones-in-ear',
      'QuietComfort Earbuds II': 'headphones-in-ear',
      'QuietComfort Earbuds': 'headphones-in-ear',
    },
  ],
  [
    'headphones | Noise Cancelling',
    'headphones-over-ear',
    { 'Sport Earbuds': 'headphones-in-ear' },
  ],
  [
    'headphones | Momentum',
    'headphones-in-ear',
    { 'Momentum 4 Wireless': 'headphones-over-ear', 'Momentum 3 Wireless': 'headphones-over-ear' },
  ],
  ['headphones | Accentum', 'headphones-over-ear'],
  ['headphones | HD', 'headphones-over-ear', { 'IE 600': 'headphones-in-ear' }],
  ['headphones | Tour', 'headphones-over-ear', { 'Tour Pro 2': 'headphones-in-ear' }],
  [
    'headphones | Live',
    'headphones-over-ear',
    { 'Live Beam 3': 'headphones-in-ear', 'Live Pro 2 TWS': 'headphones-in-ear' },
  ],
  [
    'headphones | Tune',
    'headphones-over-ear',
    { 'Tune Beam': 'headphones-in-ear', 'Tune 230NC TWS': 'headphones-in-ear' },
  ],
  ['headphones | Galaxy Buds', 'headphones-in-ear'],
  ['headphones | Pixel Buds', 'headphones-in-ear'],
  [
    'headphones | Beats',
    'headphones-in-ear',
    { 'Studio Pro': 'headphones-over-ear', 'Solo 4': 'headphones-over-ear' },
  ],
  ['headphones | Ear', 'headphones-in-ear'],
  ['headphones | FreeBuds', 'headphones-in-ear'],
  ['headphones | OnePlus Buds', 'headphones-in-ear'],
  ['e-readers | Kindle Paperwhite', 'e-reader'],
  ['e-readers | Kindle', 'e-reader'],
  ['e-readers | Kindle Oasis', 'e-reader-buttons'],
  ['e-readers | Kindle Scribe', 'e-reader-pen'],
  ['e-readers | Kindle Colorsoft', 'e-reader'],
  ['e-readers | Clara', 'e-reader'],
  ['e-readers | Libra', 'e-reader-buttons'],
  ['e-readers | Sage and Elipsa', 'e-reader-pen', { Sage: 'e-reader-buttons' }],
  ['e-readers | Forma', 'e-reader-buttons'],
  ['e-readers | Shine', 'e-reader'],
  ['e-readers | Vision', 'e-reader'],
  ['e-readers | Epos', 'e-reader'],
  ['e-readers | Page', 'e-reader'],
];

const seedModels = seedProductLines.flatMap((line) =>
  line.series.flatMap((series) =>
    series.models.map((model) => ({
      category: line.category,
      series: series.name,
      model: model.model,
    })),
  ),
);

describe('deviceKind', () => {
  it('lists every series of the seed once', () => {
    const listed = seedSeriesKinds.map(([series]) => series);
    const seeded = seedProductLines.flatMap((line) =>
      line.series.map((series) => `${line.category} | ${series.name}`),
    );
    expect(listed).toEqual(seeded);
  });

  const rows = seedSeriesKinds.map(([key, kind, exceptions = {}]) => ({ key, kind, exceptions }));
  it.each(rows)('draws the models of $key as $kind', ({ key, kind, exceptions }) => {
    const models = seedModels.filter((entry) => `${entry.category} | ${entry.series}` === key);
    expect(models.length).toBeGreaterThan(0);
    for (const entry of models)
      expect([entry.model, deviceKind(entry)]).toEqual([
        entry.model,
        exceptions[entry.model] ?? kind,
      ]);
  });

  it.each([
    ['smartphones', 'Galaxy Z Fold', 'Galaxy Z Fold7', 'phone-fold'],
    ['smartphones', 'iPhone 17', 'iPhone 17 Pro', 'phone-island'],
    ['smartphones', 'iPhone 16', 'iPhone 16e', 'phone-notch'],
    ['smartphones', 'Galaxy S25', 'Galaxy S25 Edge', 'phone-punch-hole'],
    ['tablets', 'iPad mini', 'iPad mini (A17 Pro)', 'tablet'],
    ['laptops', 'Yoga', 'Yoga Slim 7', 'laptop-thin'],
    ['consoles', 'PlayStation 5', 'DualSense Edge Wireless Controller', 'console-controller'],
    ['consoles', 'Switch', 'Switch Lite', 'console-handheld'],
    ['cameras', 'Osmo', 'Osmo Action 5 Pro', 'camera-action'],
    ['headphones', 'AirPods Max', 'AirPods Max', 'headphones-over-ear'],
    ['headphones', 'Ear', 'Ear (a)', 'headphones-in-ear'],
    ['e-readers', 'Kobo', 'Some Reader 7', 'e-reader'],
  ] as const)('reads %s "%s / %s" as %s', (category, series, model, kind) => {
    expect(deviceKind({ category, series, model })).toBe(kind);
  });

  it('falls back to the category kind for a series without devices or unknown names', () => {
    for (const category of categoryKeys)
      expect(deviceKind({ category, series: 'Unheard-of 3000', model: '' })).toBe(
        categoryKind[category],
      );
  });

  it('only ever answers a kind of the device’s own category', () => {
    for (const entry of seedModels) expect(categoryOfKind(deviceKind(entry))).toBe(entry.category);
    for (const category of categoryKeys)
      expect(categoryOfKind(categoryKind[category])).toBe(category);
  });

  it('gives every category at least two kinds, and uses every kind but controllers in the seed', () => {
    const perCategory = new Map<CategoryKey, number>();
    for (const kind of deviceKinds) {
      const category = categoryOfKind(kind);
      perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
    }
    for (const category of categoryKeys)
      expect(perCategory.get(category) ?? 0).toBeGreaterThanOrEqual(2);
    const used = new Set(seedModels.map((entry) => deviceKind(entry)));
    expect(deviceKinds.filter((kind) => !used.has(kind))).toEqual(['console-controller']);
  });
});
