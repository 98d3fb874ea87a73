import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { databaseDialect } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import { dayMs } from '../time/day.ts';

/** How long a refresh token lives; each rotation starts a new period. */
const refreshTokenMs = 30 * dayMs;

/**
 * How long after its rotation a refresh token may be presented again and get the same new pair:
 * a widget and a shop tab refreshing together is normal, not theft. Later it is reuse.
 */
const refreshReuseGraceMs = 10_000;

type Db = Kysely<TradeDatabase>;

/** A refresh token just issued, and the family (login session) it belongs to. */
export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/** Stores the hash of a refresh token in a family; never the token. */
async function storeRefreshToken(
  db: Db,
  refresh: IssuedRefreshToken & { customerId: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      customer_id: refresh.customerId,
      token_hash: hashOpaqueToken(refresh.token),
      family_id: refresh.familyId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + refreshTokenMs).toISOString(),
      revoked_at: null,
      rotated_at: null,
    })
    .execute();
}

/** Stores the hash of a new random refresh token in a new family: a login. */
export async function issueRefreshToken(
  db: Db,
  customerId: string,
  now: Date,
): Promise<IssuedRefreshToken> {
  const refresh = { token: createOpaqueToken(), familyId: randomUUID() };
  await storeRefreshToken(db, { ...refresh, customerId }, now);
  return refresh;
}

/**
 * What rotating a token gives, the same each time it is computed: the successor token and the
 * id of the access token issued with it. Both are HMACs of the presented token under a key
 * derived from the JWT secret, so the server can answer a repeated refresh again without
 * keeping any token, while nobody without the secret can compute a token's successor.
 */
function rotationOf(config: Pick<TradeApiConfig, 'jwtSecret'>, token: string) {
  const key = Buffer.from(
    hkdfSync('sha256', config.jwtSecret, 'tradein-trade-api', 'refresh-token rotation', 32),
  );
  const derive = (purpose: string) =>
    createHmac('sha256', key).update(purpose).update('\0').update(token).digest('base64url');
  return { successor: derive('successor'), accessTokenId: derive('access-token-id') };
}

/** What presenting a refresh token gave. */
export type RotationResult =
  | {
      outcome: 'rotated';
      customerId: string;
      next: IssuedRefreshToken;
      /** When the rotation happened: the access token's issue time. */
      issuedAt: Date;
      /** The access token's id (`jti`), so a repeated answer signs the same token. */
      accessTokenId: string;
    }
  /** Unknown, expired, or its family was logged out. */
  | { outcome: 'invalid' }
  /** Rotated before the grace period, or revoked: a stolen copy is in use, the family is revoked. */
  | { outcome: 'reused' };

/**
 * Trades a refresh token for a new one in the same family. The token is marked rotated; when it
 * is presented again within {@link refreshReuseGraceMs}, the answer is the same successor (and
 * the same access token). Presented later, or after a revocation, it is a reuse: the whole family
 * is revoked (the thief's and the owner's tokens).
 */
export async function rotateRefreshToken(
  db: Db,
  config: Pick<TradeApiConfig, 'jwtSecret'>,
  token: string,
  now: Date,
): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(token);
  const rotation = rotationOf(config, token);
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('refresh_tokens')
      .select(['id', 'customer_id', 'family_id', 'expires_at', 'revoked_at', 'rotated_at'])
      .where('token_hash', '=', tokenHash);
    // PostgreSQL keeps the row locked until commit, so parallel refreshes with one token wait
    // here and then read the rotation; on SQLite, Kysely runs one transaction at a time.
    if (databaseDialect(trx) === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (row === undefined) return { outcome: 'invalid' } as const;
    if (row.revoked_at !== null) {
      await revokeFamily(trx, row.family_id, now);
      return { outcome: 'reused' } as const;
    }
    if (row.rotated_at !== null) {
      if (now.getTime() - new Date(row.rotated_at).getTime() < refreshReuseGraceMs) {
        return repeatRotation(trx, row, rotation);
      }
      await revokeFamily(trx, row.family_id, now);
      return { outcome: 'reused' } as const;
    }
    if (row.expires_at <= now.toISOString()) return { outcome: 'invalid' } as const;
    await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
    const next = { token: rotation.successor, familyId: row.family_id };
    await storeRefreshToken(trx, { ...next, customerId: row.customer_id }, now);
    return {
      outcome: 'rotated',
      customerId: row.customer_id,
      next,
      issuedAt: now,
      accessTokenId: rotation.accessTokenId,
    } as const;
  });
}

/** The answer of a rotation again, from the stored successor (grace period). */
async function repeatRotation(
  db: Db,
  row: { customer_id: string; family_id: string },
  rotation: { successor: string; accessTokenId: string },
): Promise<RotationResult> {
  const successor = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'created_at', 'revoked_at'])
    .where('token_hash', '=', hashOpaqueToken(rotation.successor))
    .executeTakeFirst();
  // Missing only when the JWT secret changed since the rotation: the pair cannot be given again.
  if (successor?.family_id !== row.family_id || successor.revoked_at !== null) {
    return { outcome: 'invalid' };
  }
  return {
    outcome: 'rotated',
    customerId: row.customer_id,
    next: { token: rotation.successor, familyId: row.family_id },
    issuedAt: new Date(successor.created_at),
    accessTokenId: rotation.accessTokenId,
  };
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
