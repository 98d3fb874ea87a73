import type { TradeDb } from '../db/create-database.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';

/** What a mailed single-use token is for, and how long it lives. */
export type OneTimePurpose = 'activation' | 'password_reset';
const oneTimeTokenMs: Readonly<Record<OneTimePurpose, number>> = {
  activation: 48 * 60 * 60_000,
  password_reset: 60 * 60_000,
};

/** Creates a single-use token for a customer; only its SHA-256 is stored. */
export async function createOneTimeToken(
  db: TradeDb,
  customerId: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string> {
  const token = createOpaqueToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      customer_id: customerId,
      purpose,
      token_hash: hashOpaqueToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + oneTimeTokenMs[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses up a token: one conditional update marks it used only when it has the purpose, is unused
 * and unexpired, so two concurrent uses cannot both succeed. Answers its customer or undefined.
 */
export async function consumeOneTimeToken(
  db: TradeDb,
  token: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string | undefined> {
  const stamp = now.toISOString();
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: stamp })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', stamp)
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id;
}

/** Marks every unused token of a purpose used (a reset ends all other reset links). */
export async function retireOneTimeTokens(
  db: TradeDb,
  customerId: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now.toISOString() })
    .where('customer_id', '=', customerId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
