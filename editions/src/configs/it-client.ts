import { clientEdition, type ClientEditionConfig } from '../client-edition-config.ts';

/** Italy: the part of the configuration a browser needs; `it.ts` adds the server part. */
export const itClientEdition: ClientEditionConfig = clientEdition('it', {
  language: 'it',
  icuLocale: 'it-IT',
  timeZone: 'Europe/Rome',
  dateFormat: 'dd/MM/yy',
  streetForm: 'oneLine',
  zipFormatRegExp: '^[0-9]{5}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: false,
  popTitleException: { iphone: 'Vendere Apple iPhone', ipad: 'Vendere Apple iPad' },
});
