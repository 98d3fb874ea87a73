import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TradeDatabase } from '../db/schema.ts';
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.ts';

/** How long a refresh token lives; each rotation starts a new period. */
const refreshTokenMs = 30 * 24 * 60 * 60_000;

type Db = Kysely<TradeDatabase>;

/** A refresh token just issued, and the family (login session) it belongs to. */
export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/** Stores the hash of a new refresh token in a family; a new login starts a new family. */
export async function issueRefreshToken(
  db: Db,
  customerId: string,
  now: Date,
  familyId: string = randomUUID(),
): Promise<IssuedRefreshToken> {
  const token = createOpaqueToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      customer_id: customerId,
      token_hash: hashOpaqueToken(token),
      family_id: familyId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + refreshTokenMs).toISOString(),
      revoked_at: null,
      rotated_at: null,
    })
    .execute();
  return { token, familyId };
}

/** What presenting a refresh token gave. */
export type RotationResult =
  | { outcome: 'rotated'; customerId: string; next: IssuedRefreshToken }
  /** Unknown, expired, or its family was logged out. */
  | { outcome: 'invalid' }
  /** Already traded or revoked: a stolen copy is in use, the whole family is now revoked. */
  | { outcome: 'reused' };

/**
 * Trades a refresh token for a new one in the same family. The old token is marked rotated by a
 * conditional update, so two concurrent refreshes cannot both succeed. A token that was already
 * rotated or revoked is a reuse: the whole family is revoked (the thief's and the owner's tokens).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(token);
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .select(['id', 'customer_id', 'family_id', 'expires_at', 'revoked_at', 'rotated_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (row === undefined) return { outcome: 'invalid' } as const;
    if (row.rotated_at !== null || row.revoked_at !== null) {
      await revokeFamily(trx, row.family_id, now);
      return { outcome: 'reused' } as const;
    }
    if (row.expires_at <= stamp) return { outcome: 'invalid' } as const;
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: stamp })
      .where('id', '=', row.id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      // Another request traded the same token a moment ago: that is a reuse as well.
      await revokeFamily(trx, row.family_id, now);
      return { outcome: 'reused' } as const;
    }
    const next = await issueRefreshToken(trx, row.customer_id, now, row.family_id);
    return { outcome: 'rotated', customerId: row.customer_id, next } as const;
  });
}

/** Revokes every token of a login session (logout, reuse). */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The family of a refresh token, if the token is known. */
export async function familyOfRefreshToken(
  db: Db,
  token: string,
): Promise<{ familyId: string; customerId: string } | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'customer_id'])
    .where('token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst();
  return row === undefined ? undefined : { familyId: row.family_id, customerId: row.customer_id };
}

/** Revokes every session of a customer, except `keepFamilyId` when given (password change keeps the current one). */
export async function revokeCustomerSessions(
  db: Db,
  customerId: string,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId !== undefined) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}
