import { clientEdition, type ClientEditionConfig } from '../client-edition-config.ts';

/** France: the part of the configuration a browser needs; `fr.ts` adds the server part. */
export const frClientEdition: ClientEditionConfig = clientEdition('fr', {
  language: 'fr',
  icuLocale: 'fr-FR',
  timeZone: 'Europe/Paris',
  dateFormat: 'dd/MM/yy',
  streetForm: 'oneLine',
  zipFormatRegExp: '^(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}$',
  hasB2B: false,
  hasNewsletter: true,
  hasConditionsVideo: false,
  hasHomeBanner: true,
  popTitleException: { iphone: 'Vendre un Apple iPhone', ipad: 'Vendre un Apple iPad' },
});
