import addressFormatter from '@fragaria/address-formatter';
import type { EditionCode } from '@tradein/editions';

/** The parts of a postal address that its lines are made of; a missing part is left out. */
export interface PostalAddressParts {
  /** The lines that name the recipient, in order: the person, a company, a department. */
  readonly recipient: readonly (string | undefined)[];
  /**
   * The street: alone, followed by `houseNumber`, or street and number as one line the way the
   * country writes them ("12 rue de Rivoli", `streetForm: 'oneLine'`).
   */
  readonly street?: string | undefined;
  readonly houseNumber?: string | undefined;
  /** What the address needs besides the street: c/o, building, floor. */
  readonly addition?: string | undefined;
  readonly postalCode?: string | undefined;
  readonly city?: string | undefined;
}

/**
 * The lines of a postal address in the order and form of its country, without the country
 * itself: OpenCage's address templates (`@fragaria/address-formatter`) know that Germany writes
 * "Musterstraße 1", France "12 rue de Rivoli" and Spain "Calle Mayor, 5", and where the postal
 * code goes, so no rule of ours has to.
 */
export function postalAddressLines(parts: PostalAddressParts, country: EditionCode): string[] {
  const recipient = parts.recipient.filter(
    (line): line is string => line !== undefined && line !== '',
  );
  const components = {
    attention: recipient.length > 0 ? recipient.join('\n') : undefined,
    house: parts.addition,
    road: parts.street,
    houseNumber: parts.houseNumber,
    postcode: parts.postalCode,
    city: parts.city,
  };
  const given = Object.fromEntries(
    Object.entries(components).filter(([, value]) => value !== undefined && value !== ''),
  );
  if (Object.keys(given).length === 0) return [];
  return addressFormatter
    .format(given, { countryCode: country.toUpperCase(), output: 'array' })
    .filter((line) => line.trim() !== '');
}
