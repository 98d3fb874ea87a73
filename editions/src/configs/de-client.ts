import { clientEdition, type ClientEditionConfig } from '../client-edition-config.ts';

/** Germany: the part of the configuration a browser needs; `de.ts` adds the server part. */
export const deClientEdition: ClientEditionConfig = clientEdition('de', {
  language: 'de',
  icuLocale: 'de-DE',
  timeZone: 'Europe/Berlin',
  dateFormat: 'dd.MM.yy',
  streetForm: 'streetAndHouseNumber',
  zipFormatRegExp: '^[0-9]{5}$',
  hasB2B: true,
  hasNewsletter: true,
  hasConditionsVideo: true,
  hasHomeBanner: true,
  popTitleException: { iphone: 'Apple iPhone verkaufen', ipad: 'Apple iPad verkaufen' },
});
