import { clientEdition, type ClientEditionConfig } from '../client-edition-config.ts';

/** Austria: the part of the configuration a browser needs; `at.ts` adds the server part. */
export const atClientEdition: ClientEditionConfig = clientEdition('at', {
  language: 'de',
  icuLocale: 'de-AT',
  timeZone: 'Europe/Vienna',
  dateFormat: 'dd.MM.yy',
  streetForm: 'streetAndHouseNumber',
  zipFormatRegExp: '^[0-9]{4}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: true,
  hasHomeBanner: true,
  popTitleException: { iphone: 'Apple iPhone verkaufen', ipad: 'Apple iPad verkaufen' },
});
