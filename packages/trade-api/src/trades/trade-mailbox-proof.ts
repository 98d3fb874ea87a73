import { claimGuestTrades } from '../accounts/guest-trades.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import type { TradeDb } from '../db/create-database.ts';
import { daysAfter } from '../time/day.ts';

/** How long the link in a guest's trade mail works: long enough to ship, wait and register. */
export const tradeMailboxProofDays = 30;

/** The shop page the link opens (it reads `token` and calls `confirmTradeMailbox`). */
export const tradeMailboxProofPath = '/account/confirm-trade';

/** The link of a proof token, on the shop's public origin. */
export function tradeMailboxProofLink(publicOrigin: string, token: string): string {
  const url = new URL(tradeMailboxProofPath, publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The two one-time tokens of a guest trade. */
export interface TradeMailboxProofTokens {
  /** For the confirmation link in the trade mail. */
  token: string;
  /** For the checkout's answer: a registration with it may hold the trade (`bindGuestTradeClaim`). */
  accountClaim: string;
}

/**
 * Creates the one-time tokens of a guest trade, inside the checkout's transaction: the token of
 * the mail's confirmation link and the account claim of the checkout's answer. Only their
 * SHA-256 is stored, with the address the mail goes to.
 */
export async function createTradeMailboxProof(
  trx: TradeDb,
  proof: { tradeId: number; email: string; now: Date },
): Promise<TradeMailboxProofTokens> {
  const token = createOpaqueToken();
  const accountClaim = createOpaqueToken();
  await trx
    .insertInto('trade_mailbox_proofs')
    .values({
      trade_id: proof.tradeId,
      email: proof.email.trim().toLowerCase(),
      token_hash: hashOpaqueToken(token),
      created_at: proof.now.toISOString(),
      expires_at: daysAfter(proof.now, tradeMailboxProofDays).toISOString(),
      proven_at: null,
      account_claim_hash: hashOpaqueToken(accountClaim),
      claimed_by_customer_id: null,
    })
    .execute();
  return { token, accountClaim };
}

/** What following the link did. */
export interface TradeMailboxProof {
  tradeNumber: string;
  /** The trade is now in the activated customer account of the mail's address. */
  inAccount: boolean;
}

/**
 * Follows the link of a guest trade's mail: one conditional update marks the trade's mailbox
 * proven only when the token is unused and unexpired, so a link works once. Then the trade goes
 * into the activated customer account of that address, if there is one; otherwise it goes there
 * when such an account is activated (or its password reset). Undefined for an unknown, used or
 * expired token.
 */
export async function proveTradeMailbox(
  db: TradeDb,
  token: string,
  now: Date,
): Promise<TradeMailboxProof | undefined> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const proof = await trx
      .updateTable('trade_mailbox_proofs')
      .set({ proven_at: stamp })
      .where('token_hash', '=', hashOpaqueToken(token))
      .where('proven_at', 'is', null)
      .where('expires_at', '>', stamp)
      .returning(['trade_id', 'email'])
      .executeTakeFirst();
    if (proof === undefined) return undefined;
    const account = await trx
      .selectFrom('customers')
      .select('id')
      .where('email', '=', proof.email)
      .where('is_guest', '=', 0)
      .where('activated_at', 'is not', null)
      .executeTakeFirst();
    if (account !== undefined) await claimGuestTrades(trx, account.id, now);
    const trade = await trx
      .selectFrom('trades')
      .select(['trade_number', 'customer_id'])
      .where('id', '=', proof.trade_id)
      .executeTakeFirstOrThrow();
    return {
      tradeNumber: trade.trade_number,
      inAccount: account !== undefined && trade.customer_id === account.id,
    };
  });
}
