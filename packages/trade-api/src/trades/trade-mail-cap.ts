import { msg } from '@lingui/core/macro';
import { apiErrorCode } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
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
const guestTradeMailWindowMs = 24 * 60 * 60 * 1000;

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

/** Seconds until the oldest counted claim of a full window leaves it. */
function secondsUntilFree(oldest: string, windowMs: number, now: Date): number {
  const free = new Date(oldest).getTime() + windowMs - now.getTime();
  return Math.max(1, Math.ceil(free / 1000));
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
    now: Date;
    limits: TradeMailLimits;
  },
): Promise<number> {
  const { limits, now } = claim;
  const recipientKey = customerKey(claim.email);
  const claimed = await db
    .insertInto('trade_mail_claims')
    .values({
      recipient_key: recipientKey,
      client_address: claim.client,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - limits.windowMs).toISOString();
  const earlier = (column: 'recipient_key' | 'client_address', value: string) =>
    db
      .selectFrom('trade_mail_claims')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .where('id', '<=', claimed.id)
      .executeTakeFirstOrThrow();
  const [byRecipient, byClient] = await Promise.all([
    earlier('recipient_key', recipientKey),
    earlier('client_address', claim.client),
  ]);
  const full = [
    { counted: byRecipient, max: limits.perRecipient },
    { counted: byClient, max: limits.perClient },
  ].filter(({ counted, max }) => Number(counted.count) > max);
  if (full.length === 0) return claimed.id;

  await releaseGuestTradeMail(db, claimed.id);
  const wait = Math.max(
    ...full.map(({ counted }) => secondsUntilFree(String(counted.oldest), limits.windowMs, now)),
  );
  const i18n = i18nForEdition(claim.edition);
  const hours = Math.ceil(limits.windowMs / (60 * 60 * 1000));
  throw new TradeMailCapError(
    i18n._(
      msg`Too many trades without login have been confirmed to this e-mail address or from this connection in the last ${hours} hours. Please try again later or log in to your customer account. Nothing has been stored.`,
    ),
    wait,
  );
}

/** Removes a claim of a checkout that stored no trade, so that it does not count. */
export async function releaseGuestTradeMail(db: TradeDb, claimId: number): Promise<void> {
  await db.deleteFrom('trade_mail_claims').where('id', '=', claimId).execute();
}
