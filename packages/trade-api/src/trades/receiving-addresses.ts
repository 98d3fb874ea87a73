import type { EditionCode } from '@tradein/editions';

/** Where customers of an edition send their devices: the lines printed on the label. */
export const receivingAddresses: Readonly<Record<EditionCode, readonly string[]>> = {
  at: ['tradein Österreich', 'Warenannahme', 'Industriestraße 5', '1230 Wien', 'Österreich'],
  de: ['tradein GmbH', 'Wareneingang', 'Lagerstraße 1', '04109 Leipzig', 'Deutschland'],
  es: [
    'tradein España',
    'Recepción de mercancías',
    'Calle de la Logística 12',
    '28042 Madrid',
    'España',
  ],
  fr: ['tradein France', 'Réception', '10 rue de la Logistique', '69007 Lyon', 'France'],
  it: ['tradein Italia', 'Ricezione merci', 'Via della Logistica 8', '20138 Milano', 'Italia'],
};
