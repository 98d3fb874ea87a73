import { clientEdition, type ClientEditionConfig } from '../client-edition-config.ts';

/** Spain: the part of the configuration a browser needs; `es.ts` adds the server part. */
export const esClientEdition: ClientEditionConfig = clientEdition('es', {
  language: 'es',
  icuLocale: 'es-ES',
  timeZone: 'Europe/Madrid',
  dateFormat: 'dd/MM/yy',
  streetForm: 'oneLine',
  zipFormatRegExp: '^[0-9]{5}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: false,
  popTitleException: { iphone: 'Vender Apple iPhone', ipad: 'Vender Apple iPad' },
});
