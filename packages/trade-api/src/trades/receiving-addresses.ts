import type { EditionCode } from '@tradein/editions';
import { postalAddressLines, type PostalAddressParts } from './postal-address.ts';

/** Our receiving address in an edition's country, and the country's name as the label prints it. */
interface ReceivingAddress extends PostalAddressParts {
  readonly countryName: string;
}

/** Where customers of an edition send their devices. */
const receivingAddresses: Readonly<Record<EditionCode, ReceivingAddress>> = {
  at: {
    recipient: ['tradein Österreich', 'Warenannahme'],
    street: 'Industriestraße',
    houseNumber: '5',
    postalCode: '1230',
    city: 'Wien',
    countryName: 'Österreich',
  },
  de: {
    recipient: ['tradein GmbH', 'Wareneingang'],
    street: 'Lagerstraße',
    houseNumber: '1',
    postalCode: '04109',
    city: 'Leipzig',
    countryName: 'Deutschland',
  },
  es: {
    recipient: ['tradein España', 'Recepción de mercancías'],
    street: 'Calle de la Logística 12',
    postalCode: '28042',
    city: 'Madrid',
    countryName: 'España',
  },
  fr: {
    recipient: ['tradein France', 'Réception'],
    street: '10 rue de la Logistique',
    postalCode: '69007',
    city: 'Lyon',
    countryName: 'France',
  },
  it: {
    recipient: ['tradein Italia', 'Ricezione merci'],
    street: 'Via della Logistica 8',
    postalCode: '20138',
    city: 'Milano',
    countryName: 'Italia',
  },
};

/** The lines of an edition's receiving address as the label prints them, the country last. */
export function receivingAddressLines(edition: EditionCode): string[] {
  const address = receivingAddresses[edition];
  return [...postalAddressLines(address, edition), address.countryName];
}
