import type { TradeDb } from '../db/create-database.ts';
import { createOpaqueToken } from '../tokens/opaque-token.ts';

/**
 * Issues a tracking client id: an opaque token (256 random bits), so ids cannot be guessed or
 * enumerated; stored with its creation time so the controlling call can tell ours from
 * made-up ones.
 */
export async function issueClientId(db: TradeDb, now: Date): Promise<string> {
  const id = createOpaqueToken();
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
