import type { CategoryKey } from './catalogue-texts.ts';

/**
 * The kinds of device the catalogue draws. Each kind has its own drawing; a kind belongs to one
 * category. The shapes are generic (a phone with a punch-hole camera, a box console), never a
 * product's look.
 */
export const deviceKinds = [
  'phone-punch-hole',
  'phone-notch',
  'phone-island',
  'phone-bezel',
  'phone-home-button',
  'phone-flip',
  'phone-fold',
  'tablet',
  'tablet-pen',
  'laptop',
  'laptop-thin',
  'laptop-convertible',
  'laptop-gaming',
  'watch-square',
  'watch-round',
  'fitness-band',
  'camera-dslr',
  'camera-mirrorless',
  'camera-compact',
  'camera-action',
  'camera-drone',
  'console-box',
  'console-controller',
  'console-hybrid',
  'console-handheld',
  'console-dual-screen',
  'vr-headset',
  'headphones-over-ear',
  'headphones-in-ear',
  'e-reader',
  'e-reader-buttons',
  'e-reader-pen',
] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** The kind a category's own image shows, and the kind of a device no rule recognises. */
export const categoryKind: Record<CategoryKey, DeviceKind> = {
  smartphones: 'phone-punch-hole',
  tablets: 'tablet',
  laptops: 'laptop',
  smartwatches: 'watch-round',
  cameras: 'camera-mirrorless',
  consoles: 'console-controller',
  headphones: 'headphones-over-ear',
  'e-readers': 'e-reader',
};

/** A rule: the kind of a device whose series and model (`series | model`) match the pattern. */
type KindRule = readonly [pattern: RegExp, kind: DeviceKind];

/**
 * The rules per category, first match wins. They read names the way a seller does: "Flip" and
 * "razr" fold like a clamshell, "x360" and "Yoga" turn into a tablet, "Buds" sit in the ear.
 */
const kindRules: Record<CategoryKey, readonly KindRule[]> = {
  smartphones: [
    [/\bflip\b|\brazr\b/i, 'phone-flip'],
    [/fold|\| Mate X|\| Magic V\d/i, 'phone-fold'],
    [/\| iPhone (?:SE|[5-8])\b/i, 'phone-home-button'],
    [/\| iPhone (?:1[5-9]|[2-9]\d)(?!e)\b|\| iPhone 14 Pro\b/i, 'phone-island'],
    [/\| iPhone (?:X|1\d)/i, 'phone-notch'],
    [/\| Fairphone 4\b/i, 'phone-notch'],
    [/\| (?:Xperia|Pixel 4(?!a)|Galaxy Note ?[1-9]\b|Fairphone 3)/i, 'phone-bezel'],
  ],
  tablets: [
    [/\| iPad mini/i, 'tablet'],
    // Pro-class tablets, and the Galaxy Tab S line that ships with its pen.
    [/\bPro\b|\bUltra\b|Galaxy Tab S/i, 'tablet-pen'],
  ],
  laptops: [
    [/Yoga Slim/i, 'laptop-thin'],
    [/\bx360\b|\bYoga\b|\bFlip\b|\bFlow\b|\b360\b|Studio|\bDuo\b|\bFlex\b/i, 'laptop-convertible'],
    [/Legion|Alienware|\bROG\b|\bTUF\b|Predator|Nitro|Omen|Gaming|Razer|\bMSI\b/i, 'laptop-gaming'],
    [
      /MacBook Air|XPS 13|X1 Carbon|Zenbook|Swift|Spectre|Galaxy Book|MateBook X|Surface Laptop|Aero|Vivobook S\b|IdeaPad Slim/i,
      'laptop-thin',
    ],
  ],
  smartwatches: [
    [/^Charge\b|\| Charge\b|\bBand\b/i, 'fitness-band'],
    [/Apple Watch|Versa|\| Sense\b|Venu Sq|Watch Fit/i, 'watch-square'],
  ],
  cameras: [
    [/drone|Mavic|Avata/i, 'camera-drone'],
    [/HERO|\bMAX$|Osmo|\| Pocket\b|Insta360|\bAction\b/i, 'camera-action'],
    [/DSLR|\| EOS[- ]\d|\| D\d{3,4}\b|\| Pentax K/i, 'camera-dslr'],
    [
      /PowerShot|Cyber-shot|Coolpix|X100|\| X-E\d|Lumix (?:TZ|FZ|LX)|compact|\| ZV-1\b|instax/i,
      'camera-compact',
    ],
  ],
  consoles: [
    [/controller|gamepad|DualSense|DualShock|Joy-Con/i, 'console-controller'],
    [/\bVR\d?\b|Quest|headset/i, 'vr-headset'],
    [/\b[23]DS\b/i, 'console-dual-screen'],
    [/\| Switch(?! Lite)\b/i, 'console-hybrid'],
    [/Steam Deck|\bAlly\b|Legion Go|Portal|Switch Lite|handheld/i, 'console-handheld'],
    [/PlayStation|Xbox/i, 'console-box'],
  ],
  headphones: [
    [
      /Buds|Earbuds|AirPods(?! Max)|\| WF-|LinkBuds|True Wireless|\bTWS\b|\bBeam\b|\| IE \d|\| Ear\b|Powerbeats|Fit Pro|Tour Pro|Momentum Sport/i,
      'headphones-in-ear',
    ],
  ],
  'e-readers': [
    [/Oasis|Libra|Forma|\| Sage\b/i, 'e-reader-buttons'],
    [/Scribe|Elipsa/i, 'e-reader-pen'],
  ],
};

/** What a kind is derived from: the category, the series name and the model name. */
export interface KindSource {
  category: CategoryKey;
  series: string;
  /** The model without manufacturer and variant; empty for a series without devices. */
  model: string;
}

/** The kind of device a catalogue entry is, from its category, series and model names. */
export function deviceKind({ category, series, model }: KindSource): DeviceKind {
  const subject = `${series} | ${model}`;
  for (const [pattern, kind] of kindRules[category]) if (pattern.test(subject)) return kind;
  return categoryKind[category];
}

/** The category a kind belongs to. */
export function categoryOfKind(kind: DeviceKind): CategoryKey {
  const prefix: Record<string, CategoryKey> = {
    phone: 'smartphones',
    tablet: 'tablets',
    laptop: 'laptops',
    watch: 'smartwatches',
    fitness: 'smartwatches',
    camera: 'cameras',
    console: 'consoles',
    vr: 'consoles',
    headphones: 'headphones',
    e: 'e-readers',
  };
  const category = prefix[kind.split('-')[0] ?? ''];
  if (category === undefined) throw new Error(`No category for kind ${kind}`);
  return category;
}
