import type { EditionConfigInput } from '../edition-config-schema.ts';
import type { OpeningHours } from '../legal-details-schema.ts';

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
    reviewPageUrl: `https://www.ekomi.de/bewertungen-tradein-${code}.html`,
  };
}

/**
 * Marks a development value of the imprint or the contact details: shown outside production,
 * refused by a production start until an operator's file replaces it.
 */
export function placeholder<T>(value: T): { placeholder: T } {
  return { placeholder: value };
}

/**
 * The company that runs every edition's shop (docs/editions.md, "One company for every
 * edition"): a GmbH in Berlin selling across borders. Each edition adds its service address and
 * its local phone line.
 */
const tradeinCompany = {
  companyName: placeholder('tradein GmbH'),
  streetAddress: placeholder('Musterstraße 1'),
  postalCode: placeholder('10115'),
  city: placeholder('Berlin'),
  country: 'DE',
  registerCourt: placeholder('Amtsgericht Charlottenburg (Berlin)'),
  registerNumber: placeholder('HRB 000000 B'),
  vatId: placeholder('DE000000000'),
  managingDirectors: placeholder(['Erika Mustermann', 'Max Mustermann']),
} satisfies Omit<EditionConfigInput['imprint'], 'email' | 'phone'>;

/** Service hours on weekdays and Saturday mornings, the development value of every edition. */
const weekdayServiceHours = placeholder<OpeningHours>([
  { from: 'monday', to: 'friday', opens: '09:00', closes: '18:00' },
  { from: 'saturday', to: 'saturday', opens: '10:00', closes: '14:00' },
]);

/**
 * The contact and imprint details of an edition run by the one company: mail goes out from
 * `noreply@tradein.{code}` under the edition's sender name; its service address is also the
 * imprint's e-mail, and its local phone line (a placeholder until production) stands on the
 * contact page and in the imprint alike, with the default service hours.
 */
export function serviceDetails(service: {
  code: string;
  fromName: string;
  address: string;
  phone: string;
}): Pick<EditionConfigInput, 'contact' | 'imprint'> {
  const phone = placeholder(service.phone);
  return {
    contact: {
      fromAddress: `noreply@tradein.${service.code}`,
      fromName: service.fromName,
      toAddress: service.address,
      phone,
      hours: weekdayServiceHours,
    },
    imprint: { ...tradeinCompany, email: service.address, phone },
  };
}

/** The help service of an edition's help widget, named with its privacy notice. */
export function helpServiceProvider(code: string): EditionConfigInput['helpWidget']['provider'] {
  return { name: 'tradein Help Center', privacyPolicyUrl: `https://help.tradein.${code}/privacy` };
}
