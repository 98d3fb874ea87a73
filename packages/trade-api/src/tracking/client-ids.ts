import { randomBytes } from 'node:crypto';
import type { TradeDb } from '../db/create-database.ts';

/**
 * Issues a tracking client id: 32 random bytes (256 bits) as base64url, so ids cannot be guessed
 * or enumerated; stored with its creation time so the controlling call can tell ours from
 * made-up ones.
 */
export async function issueClientId(db: TradeDb, now: Date): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const stamp = now.toISOString();
  await db
    .insertInto('client_ids')
    .values({ id, created_at: stamp, last_seen_at: stamp })
    .execute();
  return id;
}

/** Whether the id was issued by {@link issueClientId}. */
export async function isIssuedClientId(db: TradeDb, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('client_ids')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
