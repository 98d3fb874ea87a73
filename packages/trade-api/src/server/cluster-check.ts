import { createHmac } from 'node:crypto';
import type { TradeDb } from '../db/create-database.ts';

/*
 * Nodes on one PostgreSQL database serve one shop behind a load balancer: a token signed by one
 * must be accepted by every other, and every mail link must point at the same shop. A node that
 * would break that refuses to start and says why (docs/deployment.md). SQLite serves one node,
 * which may keep its generated secret in DATA_DIR.
 */

/** Which of the shared settings came from the environment rather than a per-node default. */
export interface SharedSettingsGiven {
  jwtSecret: boolean;
  publicOrigin: boolean;
}

/** What a node about to open a PostgreSQL database checks. */
export interface ClusterCheckInput {
  jwtSecret: string;
  now: Date;
}

/** The setting that holds the secret's fingerprint. */
const fingerprintSetting = 'jwt-secret-fingerprint';

/**
 * A fingerprint of the token secret that proves nothing about the secret itself: an HMAC keyed
 * by the secret over a fixed label. Equal secrets give equal fingerprints.
 */
function jwtSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('tradein node settings: jwt secret v1').digest('hex');
}

/** A node must not start; the message says why and what to do. */
export class ClusterSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterSettingsError';
  }
}

/** Refuses a PostgreSQL node whose settings are not given explicitly; throws {@link ClusterSettingsError}. */
export function requireSharedSettings(given: SharedSettingsGiven): void {
  const missing = [
    ...(given.jwtSecret ? [] : ['JWT_SECRET']),
    ...(given.publicOrigin ? [] : ['PUBLIC_ORIGIN']),
  ];
  if (missing.length === 0) return;
  throw new ClusterSettingsError(
    `This node uses PostgreSQL (DATABASE_URL), where several nodes share one database, but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
      'Set the same values on every node (JWT_SECRET: at least 32 random bytes; PUBLIC_ORIGIN: the public address of the shop), then start again.',
  );
}

/**
 * Compares this node's token secret with the one the database has seen, by fingerprint: the
 * first node writes it, every later one must match. Throws {@link ClusterSettingsError} on a
 * mismatch.
 */
export async function checkSharedSecret(db: TradeDb, input: ClusterCheckInput): Promise<void> {
  const fingerprint = jwtSecretFingerprint(input.jwtSecret);
  await db
    .insertInto('node_settings')
    .values({ name: fingerprintSetting, value: fingerprint, updated_at: input.now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('node_settings')
    .select('value')
    .where('name', '=', fingerprintSetting)
    .executeTakeFirstOrThrow();
  if (stored.value === fingerprint) return;
  throw new ClusterSettingsError(
    'JWT_SECRET differs from the one the other nodes of this database use: tokens signed by one node would be refused by another. ' +
      'Give this node the same JWT_SECRET as the others. After changing the secret on purpose on every node, run `npm run ops -- nodes forget-secret` once, then start the nodes again.',
  );
}

/** Forgets the stored fingerprint, so the next node to start records its secret's. */
export async function forgetSharedSecret(db: TradeDb): Promise<boolean> {
  const result = await db
    .deleteFrom('node_settings')
    .where('name', '=', fingerprintSetting)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
