import type { DeviceKind } from './device-kind.ts';

/*
 * Flat drawings of each kind of device on a 240 × 240 canvas: white bodies with a dark outline,
 * screens in a light tint of the shop's accent, small parts in the accent itself. The outline is 6
 * units wide, so it stays a clean line of about 1.3 px in a 48 px thumbnail, and every part a
 * seller should notice (a camera hole, a hinge, a pen) is at least 8 units across. The drawings
 * carry no text: pages print the names beside them, in the reader's language.
 *
 * Colours are presentation attributes inherited from one group, not a `<style>` element, so an
 * image renders the same under a Content-Security-Policy that forbids inline styles.
 */

/**
 * The palette, from the shop's design tokens (widget/src/element/tokens.css): text colour for
 * outlines, white bodies, the accent for small parts, the soft accent for the tile, and one
 * step between the two for screens.
 */
export const illustrationPalette = {
  ink: '#172b4d',
  body: '#ffffff',
  screen: '#cfe0fb',
  accent: '#0b57d0',
  tile: '#e9f1fd',
} as const;

const { ink, screen, accent } = illustrationPalette;
/** A screen: tinted, outlined. */
const S = `fill="${screen}"`;
/** A dark part without outline (camera hole, hinge, lens). */
const K = `fill="${ink}" stroke="none"`;
/** An accent part with outline (pen, crown, side controllers). */
const A = `fill="${accent}"`;
/** An accent part without outline. */
const a = `fill="${accent}" stroke="none"`;
/** A line. */
const N = 'fill="none"';
/** A thin line. */
const T = 'fill="none" stroke-width="4"';

const rect = (x: number, y: number, w: number, h: number, r: number, paint = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"${paint === '' ? '' : ` ${paint}`}/>`;
const circle = (x: number, y: number, r: number, paint = ''): string =>
  `<circle cx="${x}" cy="${y}" r="${r}"${paint === '' ? '' : ` ${paint}`}/>`;
const path = (d: string, paint = ''): string =>
  `<path d="${d}"${paint === '' ? '' : ` ${paint}`}/>`;

/** A phone front: body and screen, with the given screen top and bottom. */
const phone = (top: number, bottom: number, screenRadius: number): string =>
  rect(72, 20, 96, 200, 20) + rect(80, top, 80, bottom - top, screenRadius, S);

/** A pen standing beside a tablet or e-reader, tip down. */
const pen = (x: number): string => path(`M${x} 44h16v136l-8 20-8-20z`, A) + path(`M${x} 180h16`, N);

/** Lines of text on a reading screen. */
const textLines = (x: number, width: number): string =>
  path(
    [58, 76, 94, 112, 138, 156, 174]
      .map((y, index) => `M${x} ${y}h${index === 3 || index === 6 ? width - 28 : width}`)
      .join(''),
    T,
  );

/** A laptop lid with its screen. */
const lid = (x: number, y: number, w: number, h: number, bezel: number): string =>
  rect(x, y, w, h, 10) + rect(x + bezel, y + bezel, w - 2 * bezel, h - 2 * bezel, 3, S);

/** A gamepad drawn at full size with its centre at (120, 120). */
const gamepad =
  path(
    'M72 76h96c24 0 38 20 44 54s0 58-18 58c-16 0-24-14-34-32H80c-10 18-18 32-34 32-18 0-24-24-18-58s20-54 44-54z',
  ) +
  path('M64 118h24M76 106v24', N) +
  circle(164, 104, 7, a) +
  circle(164, 132, 7, a) +
  circle(150, 118, 7, a) +
  circle(178, 118, 7, a) +
  circle(100, 148, 11, S) +
  circle(140, 148, 11, S);

const drawings: Record<DeviceKind, string> = {
  'phone-punch-hole': phone(28, 212, 10) + circle(120, 44, 6, K),
  'phone-notch':
    phone(28, 212, 10) + path('M100 28h40v4a10 10 0 0 1-10 10h-20a10 10 0 0 1-10-10z', K),
  'phone-island': phone(28, 212, 10) + rect(102, 38, 36, 13, 6.5, K),
  'phone-bezel': phone(48, 192, 3) + path('M108 35h24', N) + circle(92, 35, 4, K),
  'phone-home-button':
    phone(54, 180, 2) + path('M108 38h24', N) + circle(120, 200, 10, N) + circle(92, 38, 4, K),
  'phone-flip':
    rect(36, 120, 68, 84, 16) +
    rect(46, 130, 48, 38, 8, S) +
    circle(56, 186, 7, K) +
    circle(78, 186, 7, K) +
    rect(116, 20, 84, 200, 18) +
    rect(124, 28, 68, 184, 10, S) +
    path('M124 120h68', T) +
    rect(110, 108, 10, 24, 4, K) +
    rect(196, 108, 10, 24, 4, K) +
    circle(158, 42, 5, K),
  'phone-fold':
    path('M116 40L34 58v150l82-8z') +
    path('M108 52L42 66v130l66-6z', S) +
    rect(116, 40, 88, 160, 14) +
    rect(124, 48, 72, 144, 8, S) +
    rect(110, 36, 12, 168, 6, K) +
    circle(160, 62, 5, K),
  tablet: rect(48, 24, 144, 192, 18) + rect(58, 34, 124, 172, 6, S) + circle(120, 29, 2.5, K),
  'tablet-pen':
    rect(30, 24, 144, 192, 18) + rect(40, 34, 124, 172, 6, S) + circle(102, 29, 2.5, K) + pen(190),
  laptop:
    lid(46, 40, 148, 112, 10) +
    path('M34 158h172l18 32H16z') +
    path('M52 170h136M44 180h152', T) +
    rect(104, 158, 32, 6, 2, K),
  'laptop-thin':
    lid(38, 36, 164, 124, 7) + path('M20 166h200l-10 14H30z') + rect(104, 166, 32, 5, 2, K),
  'laptop-convertible':
    rect(58, 48, 156, 104, 12, S) +
    lid(30, 30, 156, 104, 9) +
    rect(38, 132, 18, 14, 5, K) +
    rect(160, 132, 18, 14, 5, K) +
    path('M44 206v-16h136l20 8-20 8z', A) +
    path('M180 190v16', N),
  'laptop-gaming':
    path('M46 52l12-12h124l12 12v100H46z') +
    rect(56, 50, 128, 92, 3, S) +
    path('M32 158h176l20 36H12z') +
    path('M50 170h140M42 182h156', `fill="none" stroke="${accent}" stroke-width="5"`) +
    path('M66 152v-6M80 152v-6M160 152v-6M174 152v-6', T),
  'watch-square':
    path('M94 18h52l-4 48h-44z') +
    path('M98 174h44l4 48H94z') +
    rect(170, 96, 12, 26, 4, A) +
    rect(70, 58, 102, 124, 30) +
    rect(81, 69, 80, 102, 21, S) +
    circle(121, 120, 22, `fill="none" stroke="${accent}" stroke-width="7"`),
  'watch-round':
    path('M96 18h48l-4 50h-40z') +
    path('M100 172h40l4 50H96z') +
    rect(174, 106, 12, 28, 4, A) +
    circle(120, 120, 60) +
    circle(120, 120, 47, S) +
    path('M120 120V90M120 120l20 12', N) +
    circle(120, 120, 5, K),
  'fitness-band':
    rect(98, 12, 44, 216, 22) +
    path('M104 44h32M104 196h32', T) +
    rect(86, 66, 68, 108, 30) +
    rect(97, 78, 46, 84, 20, S) +
    path('M112 120h16', `fill="none" stroke="${accent}" stroke-width="6"`),
  'camera-dslr':
    path('M24 92h56l14-30h52l14 30h56v104H24z') +
    rect(170, 80, 30, 12, 4, A) +
    path('M184 92v104', N) +
    circle(112, 144, 46) +
    circle(112, 144, 31, S) +
    circle(112, 144, 14, K),
  'camera-mirrorless':
    path('M26 96h34l8-24h44l8 24h94v90H26z') +
    rect(170, 84, 26, 12, 4, A) +
    circle(126, 142, 40) +
    circle(126, 142, 27, S) +
    circle(126, 142, 12, K) +
    rect(40, 110, 24, 14, 4, S),
  'camera-compact':
    rect(34, 78, 172, 104, 18) +
    rect(150, 66, 34, 12, 4, A) +
    rect(50, 92, 30, 16, 4, S) +
    circle(130, 132, 34) +
    circle(130, 132, 22, S) +
    circle(130, 132, 9, K),
  'camera-action':
    rect(104, 162, 32, 40, 6) +
    circle(120, 190, 5, K) +
    rect(54, 58, 132, 114, 22) +
    rect(140, 48, 30, 10, 4, A) +
    rect(68, 72, 60, 60, 16, K) +
    circle(98, 102, 19, S) +
    circle(98, 102, 8, K) +
    rect(140, 76, 34, 28, 6, S),
  'camera-drone':
    path('M62 62l116 116M178 62L62 178', `fill="none" stroke="${ink}" stroke-width="12"`) +
    circle(58, 58, 32, S) +
    circle(182, 58, 32, S) +
    circle(58, 182, 32, S) +
    circle(182, 182, 32, S) +
    circle(58, 58, 6, K) +
    circle(182, 58, 6, K) +
    circle(58, 182, 6, K) +
    circle(182, 182, 6, K) +
    rect(92, 80, 56, 80, 22) +
    circle(120, 142, 10, A),
  'console-box':
    rect(34, 22, 88, 178, 12) +
    path('M52 40v140', T) +
    path('M104 44v56', N) +
    circle(104, 120, 6, a) +
    rect(50, 200, 56, 12, 4, K) +
    `<g transform="translate(68 92) scale(.6)" stroke-width="10">${gamepad}</g>`,
  'console-controller': gamepad,
  'console-hybrid':
    path('M62 66H46a26 26 0 0 0-26 26v56a26 26 0 0 0 26 26h16z', A) +
    path('M178 66h16a26 26 0 0 1 26 26v56a26 26 0 0 1-26 26h-16z', A) +
    rect(62, 66, 116, 108, 6) +
    rect(72, 76, 96, 88, 3, S) +
    circle(42, 98, 10, K) +
    circle(198, 142, 10, K) +
    path('M34 146h16M42 138v16', `fill="none" stroke="#ffffff" stroke-width="5"`) +
    circle(198, 98, 5, `fill="#ffffff" stroke="none"`),
  'console-handheld':
    rect(12, 62, 216, 116, 48) +
    rect(66, 76, 108, 88, 4, S) +
    circle(40, 96, 11, K) +
    path('M30 138h20M40 128v20', N) +
    circle(200, 138, 11, K) +
    circle(192, 92, 6, a) +
    circle(208, 104, 6, a),
  'console-dual-screen':
    rect(48, 18, 144, 98, 14) +
    rect(70, 30, 100, 74, 3, S) +
    rect(60, 112, 120, 12, 4, K) +
    rect(48, 120, 144, 100, 14) +
    rect(86, 134, 68, 56, 3, S) +
    path('M60 152h16M68 144v16', N) +
    circle(68, 192, 8, K) +
    circle(172, 146, 5, a) +
    circle(172, 164, 5, a),
  'vr-headset':
    path('M44 98c0-60 152-60 152 0', `fill="none" stroke="${accent}" stroke-width="12"`) +
    rect(22, 86, 196, 96, 44) +
    rect(38, 100, 164, 68, 32, K) +
    circle(74, 134, 8, S) +
    circle(166, 134, 8, S),
  'headphones-over-ear':
    path('M56 124v-16a64 64 0 0 1 128 0v16', `fill="none" stroke="${ink}" stroke-width="14"`) +
    path('M84 62a64 64 0 0 1 72 0', `fill="none" stroke="${accent}" stroke-width="6"`) +
    rect(32, 112, 46, 84, 22) +
    rect(162, 112, 46, 84, 22) +
    rect(72, 120, 16, 68, 7, A) +
    rect(152, 120, 16, 68, 7, A),
  'headphones-in-ear':
    path('M60 112V78a24 24 0 0 1 24-24h72a24 24 0 0 1 24 24v34', S) +
    circle(92, 124, 24) +
    circle(148, 124, 24) +
    circle(104, 108, 10, A) +
    circle(136, 108, 10, A) +
    path('M50 132h140v34a44 44 0 0 1-44 44H94a44 44 0 0 1-44-44z') +
    circle(120, 184, 6, a),
  'e-reader': rect(52, 20, 136, 200, 14) + rect(64, 32, 112, 166, 3, S) + textLines(78, 84),
  'e-reader-buttons':
    rect(36, 20, 168, 200, 14) +
    rect(48, 32, 116, 176, 3, S) +
    textLines(62, 88) +
    rect(176, 80, 16, 34, 6, A) +
    rect(176, 124, 16, 34, 6, A),
  'e-reader-pen':
    rect(28, 20, 152, 200, 14) +
    rect(40, 32, 128, 176, 3, S) +
    path(
      'M56 60c12-12 20 12 32 0s20 12 32 0 20 12 32 0M56 94c12-12 20 12 32 0s20 12 32 0',
      `fill="none" stroke="${accent}" stroke-width="4"`,
    ) +
    path('M56 128h96M56 146h96M56 164h60', T) +
    pen(192),
};

/** The drawing of a kind: SVG elements for the 240 × 240 canvas, inside the painted group. */
export function illustrationOf(kind: DeviceKind): string {
  return drawings[kind];
}
