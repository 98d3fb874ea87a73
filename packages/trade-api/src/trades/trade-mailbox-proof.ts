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

/**
 * Creates the proof of a guest trade, inside the checkout's transaction, and answers the
 * one-time account claim of the checkout's answer. Only SHA-256 hashes are stored, with the
 * address the mail goes to. The token of the mail's link is not issued here: the confirmation
 * mail's job issues it when it writes the mail ({@link renewTradeMailboxToken}), so no job
 * payload ever holds it; until then the row holds the hash of a token nobody has.
 */
export async function createTradeMailboxProof(
  trx: TradeDb,
  proof: { tradeId: number; email: string; now: Date },
): Promise<{ accountClaim: string }> {
  const accountClaim = createOpaqueToken();
  await trx
    .insertInto('trade_mailbox_proofs')
    .values({
      trade_id: proof.tradeId,
      email: proof.email.trim().toLowerCase(),
      token_hash: hashOpaqueToken(createOpaqueToken()),
      created_at: proof.now.toISOString(),
      expires_at: daysAfter(proof.now, tradeMailboxProofDays).toISOString(),
      proven_at: null,
      account_claim_hash: hashOpaqueToken(accountClaim),
      claimed_by_customer_id: null,
    })
    .execute();
  return { accountClaim };
}

/**
 * Issues the token of the link in a guest trade's confirmation mail, when the mail is written:
 * its SHA-256 replaces the one before, so only the link of the newest mail works (a mail sent
 * again after a lost attempt carries a working link, an older copy's link opens nothing). The
 * expiry stays the checkout's. Undefined when the trade has no proof (a registered customer's
 * trade), or when its mailbox is proven already or the link has expired: then the mail carries
 * no link.
 */
export async function renewTradeMailboxToken(
  db: TradeDb,
  tradeId: number,
  now: Date,
): Promise<string | undefined> {
  const token = createOpaqueToken();
  const renewed = await db
    .updateTable('trade_mailbox_proofs')
    .set({ token_hash: hashOpaqueToken(token) })
    .where('trade_id', '=', tradeId)
    .where('proven_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1 ? token : undefined;
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
