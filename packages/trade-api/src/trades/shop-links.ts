import { shopOriginOf, type ShopOriginTable } from '@tradein/editions';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeRecord } from './trade-view.ts';

/**
 * What a process needs to write the links of a trade's mails: the shop of every edition and mode
 * (a trade's links go to the shop it was made in, whichever node or command sends the mail) and
 * the secret that signs status links. Only a shop or API node has them; the operator command
 * line leaves such mails to the nodes (docs/trade-api.md, "Mail links and the shop's origin").
 */
export type MailLinks = Pick<TradeApiConfig, 'shopOrigins' | 'jwtSecret'>;

/** The origin of the shop a trade was made in: its edition and shop mode. */
export function tradeShopOrigin(
  links: { shopOrigins: ShopOriginTable },
  record: Pick<TradeRecord, 'edition' | 'shopMode'>,
): string {
  return shopOriginOf(links.shopOrigins, record.edition, record.shopMode);
}
