import type { EditionCode } from '@tradein/editions';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TradeMailLimits } from './trade-mail-cap.ts';

/** What the offer and trade routes and the lifecycle functions need. */
export interface TradeDeps {
  db: TradeDb;
  /** Sends the trade confirmation, clarification and payout mails. */
  mailer: Mailer;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
}

/** What checkout and the trade routes need besides {@link TradeDeps}. */
export interface TradeRouteDeps extends TradeDeps {
  /**
   * Starts the newsletter's double opt-in for a seller who ticked it at checkout (in an edition
   * with a newsletter); absent, the box changes nothing.
   */
  newsletterOptIn?: (subscriber: { email: string; edition: EditionCode }) => Promise<void>;
  /**
   * `shopOrigins` start the links of a trade's mails and answers (the shop of the trade's
   * edition and mode), `jwtSecret` signs its status link; `dataDir` and `s3` choose the shared
   * file store of the inspection photos a clarification link shows (with the database).
   */
  config: Pick<TradeApiConfig, 'shopOrigins' | 'jwtSecret' | 'dataDir' | 's3'>;
  /** Caps on the trade mails of guest checkouts; default: `defaultTradeMailLimits`. */
  mailLimits?: Partial<TradeMailLimits>;
}
