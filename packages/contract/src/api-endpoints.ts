import { catalogueImageEndpoints } from './catalogue-images.ts';
import { catalogueRevisionEndpoints } from './catalogue-revision.ts';
import { clarificationEndpoints } from './clarification.ts';
import { contactEndpoints } from './contact.ts';
import { endpoints } from './endpoints.ts';
import { newsletterEndpoints } from './newsletter.ts';
import { offerEndpoints } from './offers.ts';
import { sellerPhotoEndpoints } from './seller-photos.ts';
import { sessionEndpoints } from './session.ts';
import { tradeStatusEndpoints } from './trade-status.ts';
import { tradeEndpoints } from './trades.ts';

/**
 * Every call of the trade API: the calls of spec §7 (`endpoints`) and the ones the spec leaves
 * open (catalogue images and revision, guest session, newsletter, offers, checkout and trades, seller's photos,
 * clarification links, contact).
 */
export const apiEndpoints = {
  ...endpoints,
  ...catalogueImageEndpoints,
  ...catalogueRevisionEndpoints,
  ...sessionEndpoints,
  ...newsletterEndpoints,
  ...offerEndpoints,
  ...tradeEndpoints,
  ...tradeStatusEndpoints,
  ...sellerPhotoEndpoints,
  ...clarificationEndpoints,
  ...contactEndpoints,
};
