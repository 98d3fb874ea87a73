import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the offer and trade routes and the lifecycle functions need. */
export interface TradeDeps {
  db: TradeDb;
  /** Sends the trade confirmation, clarification and payout mails. */
  mailer: Mailer;
  /** The current time; tests pass a fixed clock. */
  clock: () => Date;
}
