import { msg } from '@lingui/core/macro';
import { apiErrorCode } from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import { claimWithinCaps } from '../db/windowed-cap.ts';
import { dayMs } from '../time/day.ts';
import { customerKey } from './customer-key.ts';

/** How many trade confirmations guest checkouts may mail per window. */
export interface TradeMailLimits {
  /** To one e-mail address, from any client. */
  perRecipient: number;
  /** From one client address, to any e-mail addresses. */
  perClient: number;
  windowMs: number;
}

/** Trade confirmations of guest checkouts one address gets per window (docs/trades.md). */
const guestTradeMailsPerRecipient = 10;
/** Trade confirmations guest checkouts of one client send per window (docs/trades.md). */
const guestTradeMailsPerClient = 20;
/** The window of both caps: a rolling day. */
const guestTradeMailWindowMs = dayMs;

/** The caps that apply unless a test passes others. */
export const defaultTradeMailLimits: TradeMailLimits = {
  perRecipient: guestTradeMailsPerRecipient,
  perClient: guestTradeMailsPerClient,
  windowMs: guestTradeMailWindowMs,
};

/** The 429 of a guest checkout beyond a cap; the route puts the wait into `Retry-After`. */
export class TradeMailCapError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, apiErrorCode.tooManyRequests, message);
    this.name = 'TradeMailCapError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Claims the trade confirmation of a guest checkout before anything of the trade is stored: a
 * `trade_mail_claims` row is written first, then only the claims made before it (smaller id)
 * count, per recipient address and per client. Claiming before counting keeps both caps exact
 * when several checkouts run at once, on one API node or several. A claim over a cap is removed
 * again and the checkout refused with {@link TradeMailCapError}, so a refused checkout changes
 * nothing. Answers the claim's id, which {@link releaseGuestTradeMail} removes when the checkout
 * fails after all.
 */
export async function claimGuestTradeMail(
  db: TradeDb,
  claim: {
    email: string;
    client: string;
    edition: EditionCode;
    /** The checkout's shop mode: the refusal speaks formal German in the B2B mode. */
    shopMode?: ShopMode;
    now: Date;
    limits: TradeMailLimits;
  },
): Promise<number> {
  const { limits, now } = claim;
  const recipientKey = customerKey(claim.email);
  const outcome = await claimWithinCaps(db, {
    table: 'trade_mail_claims',
    insert: async (trx) => {
      const row = await trx
        .insertInto('trade_mail_claims')
        .values({
          recipient_key: recipientKey,
          client_address: claim.client,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    release: (trx, id) => releaseGuestTradeMail(trx, id),
    caps: [
      { counts: (eb) => eb('recipient_key', '=', recipientKey), max: limits.perRecipient },
      { counts: (eb) => eb('client_address', '=', claim.client), max: limits.perClient },
    ],
    windowMs: limits.windowMs,
    now,
  });
  if ('claimId' in outcome) return outcome.claimId;
  const i18n = i18nForEdition(claim.edition, claim.shopMode);
  const hours = Math.ceil(limits.windowMs / (60 * 60 * 1000));
  throw new TradeMailCapError(
    i18n._(
      msg`Too many trades without login have been confirmed to this e-mail address or from this connection in the last ${hours} hours. Please try again later or log in to your customer account. Nothing has been stored.`,
    ),
    outcome.retryAfterSeconds,
  );
}

/** Removes a claim of a checkout that stored no trade, so that it does not count. */
export async function releaseGuestTradeMail(db: TradeDb, claimId: number): Promise<void> {
  await db.deleteFrom('trade_mail_claims').where('id', '=', claimId).execute();
}
