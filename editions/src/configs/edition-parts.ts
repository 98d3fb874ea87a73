import type { EditionConfigInput } from '../edition-config-schema.ts';

/**
 * The hosts of an edition that serves consumers only, on `tradein.{code}`: the shop with and
 * without `www`, its test and stage copies, and `{code}.localhost` on a developer's machine.
 */
export function consumerHosts(code: string): EditionConfigInput['hosts'] {
  const domain = `tradein.${code}`;
  return [
    { host: `www.${domain}`, shopMode: 'default', environment: 'production' },
    { host: domain, shopMode: 'default', environment: 'production' },
    { host: `test.${domain}`, shopMode: 'default', environment: 'test' },
    { host: `stage.${domain}`, shopMode: 'default', environment: 'stage' },
    { host: `${code}.localhost`, shopMode: 'default', environment: 'local' },
  ];
}

/** The ekomi review widgets of an edition: its seal and slider scripts, and which it shows. */
export function ekomiWidgets(
  code: string,
  shown: { seal: boolean; slider: boolean },
): EditionConfigInput['ekomi'] {
  return {
    showReviewSeal: shown.seal,
    showReviewSlider: shown.slider,
    sealScriptUrl: `https://connect.ekomi.de/widget/seal/tradein-${code}.js`,
    sliderScriptUrl: `https://connect.ekomi.de/widget/slider/tradein-${code}.js`,
  };
}
