import type { TradeDb } from '../db/create-database.ts';
import { hashOpaqueToken } from '../tokens/opaque-token.ts';

/**
 * Binds a guest trade to the account registered with its checkout's one-time account claim
 * (`tradeClaim` of the registration, inside the transaction that creates the account). Only an
 * unused, unexpired claim whose trade mail went to the account's own address binds, and it binds
 * once: the claim's hash is cleared. True when a trade was bound; an unknown, used, expired or
 * foreign claim binds nothing, and the registration goes on as without it.
 */
export async function bindGuestTradeClaim(
  db: TradeDb,
  claim: { token: string; email: string; customerId: string; now: Date },
): Promise<boolean> {
  const bound = await db
    .updateTable('trade_mailbox_proofs')
    .set({ claimed_by_customer_id: claim.customerId, account_claim_hash: null })
    .where('account_claim_hash', '=', hashOpaqueToken(claim.token))
    .where('email', '=', claim.email.trim().toLowerCase())
    .where('expires_at', '>', claim.now.toISOString())
    .executeTakeFirst();
  return bound.numUpdatedRows > 0n;
}

/**
 * Moves guest trades into a registered customer's account, but only those whose mailbox was
 * proven for this account and whose mail went to its address: the guest followed the one-time
 * link in the trade's confirmation mail (`trade_mailbox_proofs.proven_at`), or registered this
 * very account with the checkout's account claim (`claimed_by_customer_id`), whose activation
 * link went to the same mailbox. Whoever types an address at a guest checkout does not prove it,
 * and an activation or password reset proves the mailbox for the account, not that the trades
 * sent to it are the owner's: a stranger could otherwise plant trades in any account by giving
 * its address. The account must be activated. A moved trade's proof is removed; the account
 * holds the trade from then on.
 */
export async function claimGuestTrades(db: TradeDb, customerId: string, now: Date): Promise<void> {
  const customer = await db
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customerId)
    .where('is_guest', '=', 0)
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  if (customer === undefined) return;
  const proven = await db
    .selectFrom('trade_mailbox_proofs')
    .innerJoin('trades', 'trades.id', 'trade_mailbox_proofs.trade_id')
    .innerJoin('customers', 'customers.id', 'trades.customer_id')
    .select('trades.id')
    .where('trade_mailbox_proofs.email', '=', customer.email.trim().toLowerCase())
    .where((proof) =>
      proof.or([
        proof('trade_mailbox_proofs.proven_at', 'is not', null),
        proof('trade_mailbox_proofs.claimed_by_customer_id', '=', customerId),
      ]),
    )
    .where('customers.is_guest', '=', 1)
    .execute();
  if (proven.length === 0) return;
  const ids = proven.map((trade) => trade.id);
  await db
    .updateTable('trades')
    .set({ customer_id: customerId, updated_at: now.toISOString() })
    .where('id', 'in', ids)
    .execute();
  await db.deleteFrom('trade_mailbox_proofs').where('trade_id', 'in', ids).execute();
}
