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
  /** `publicOrigin` starts the confirmation link in a guest's trade mail. */
  config: Pick<TradeApiConfig, 'publicOrigin'>;
  /** Caps on the trade mails of guest checkouts; default: `defaultTradeMailLimits`. */
  mailLimits?: Partial<TradeMailLimits>;
}
