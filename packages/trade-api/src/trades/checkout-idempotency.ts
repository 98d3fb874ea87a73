import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { apiErrorCode, createdTradeSchema, type CreatedTrade } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';

/*
 * The `Idempotency-Key` of checkout (docs/trades.md, "Retries and the Idempotency-Key"). A
 * checkout with a key first claims it: one row per customer and key, whose primary key lets one
 * claim win on every node. The checkout's own transaction then writes the trade and fills the
 * row with the trade and the answer, so either both are stored or neither is. A retry with the
 * same key and body within 24 hours gets that answer again; a failed checkout removes its claim,
 * so a retry runs anew.
 */

/** How long a key answers its trade; afterwards it is free again and its row is removed. */
const idempotencyKeyHours = 24;
const idempotencyKeyMs = idempotencyKeyHours * 60 * 60 * 1000;

/**
 * How long a claim holds while its checkout runs. A checkout takes well under a second; a claim
 * older than this belongs to a node that died (its transaction never committed), and a retry
 * takes the key over.
 */
export const idempotencyClaimMs = 60_000;

/** What a retry that finds its key's checkout still running is told to wait, in seconds. */
const inUseRetryAfterSeconds = 1;

/** The key's checkout is still running (on this node or another): retry shortly. */
export class IdempotencyKeyInUseError extends HttpError {
  readonly retryAfterSeconds = inUseRetryAfterSeconds;

  constructor() {
    super(
      409,
      apiErrorCode.idempotencyKeyInUse,
      'A checkout with this Idempotency-Key is still being processed; retry in a moment to get its answer',
    );
    this.name = 'IdempotencyKeyInUseError';
  }
}

/** A claimed key: the checkout that holds it completes it in its transaction. */
export interface IdempotencyClaim {
  customerId: string;
  key: string;
  requestHash: string;
  /** Who holds the claim: this request. */
  holder: string;
}

/** What claiming a key found. */
export type IdempotencyOutcome =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  /** The key's checkout is done: its answer, to give again. */
  | { kind: 'replay'; answer: CreatedTrade };

/** A JSON text of `value` with object keys sorted, so equal requests hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of a checkout request as parsed: key order and spacing do not count. */
export function checkoutRequestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request), 'utf8').digest('hex');
}

/** The key that seals stored answers, derived from the JWT secret every node shares. */
function sealingKey(jwtSecret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', jwtSecret, 'tradein-trade-api', 'checkout idempotency answer', 32),
  );
}

/** What a sealed answer is bound to: its customer and key, so it opens in no other row. */
function sealedFor(claim: Pick<IdempotencyClaim, 'customerId' | 'key'>): Buffer {
  return Buffer.from(`${claim.customerId}\n${claim.key}`, 'utf8');
}

/**
 * Seals a checkout's answer for its row: it holds a guest's one-time account claim and a signed
 * status link, and the database keeps no usable secret (AES-256-GCM; nonce, tag and ciphertext
 * as base64url, joined by dots).
 */
function sealAnswer(jwtSecret: string, claim: IdempotencyClaim, answer: CreatedTrade): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(jwtSecret), nonce);
  cipher.setAAD(sealedFor(claim));
  const text = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return [nonce, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.');
}

/** Opens a sealed answer; undefined when it does not open (the JWT secret changed since). */
function openAnswer(
  jwtSecret: string,
  row: { customer_id: string; idempotency_key: string },
  sealed: string,
): CreatedTrade | undefined {
  const [nonce, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (nonce === undefined || tag === undefined || text === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(jwtSecret), nonce);
    decipher.setAAD(sealedFor({ customerId: row.customer_id, key: row.idempotency_key }));
    decipher.setAuthTag(tag);
    const json = Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
    const parsed = createdTradeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What claiming a key needs to know about the checkout. */
export interface IdempotentCheckout {
  customerId: string;
  key: string;
  /** {@link checkoutRequestHash} of its body. */
  requestHash: string;
  now: Date;
  /** Opens answers sealed by any node (they share it). */
  jwtSecret: string;
  /**
   * The answer of a done key whose sealed answer does not open (the JWT secret was changed
   * since): built again from its trade.
   */
  answerOf: (tradeId: number) => Promise<CreatedTrade>;
}

/** How many times a claim is tried when other requests change the row between the steps. */
const claimRounds = 4;

/**
 * Claims a checkout's key, or finds the answer of the checkout that used it. Refuses the key
 * for another body (422) and while its first checkout still runs (409, {@link
 * IdempotencyKeyInUseError}). A key older than {@link idempotencyKeyHours} is free again, and a
 * claim whose holder stopped without an answer (its node died) is taken over. Each step is one
 * conditional statement, so two requests on any nodes never both hold a key.
 */
export async function claimIdempotencyKey(
  db: TradeDb,
  checkout: IdempotentCheckout,
): Promise<IdempotencyOutcome> {
  const { customerId, key, requestHash, now } = checkout;
  const claim: IdempotencyClaim = { customerId, key, requestHash, holder: randomUUID() };
  const at = now.toISOString();
  const lease = new Date(now.getTime() + idempotencyClaimMs).toISOString();
  const expiredBefore = new Date(now.getTime() - idempotencyKeyMs).toISOString();
  for (let round = 0; round < claimRounds; round += 1) {
    const row = await db
      .selectFrom('checkout_idempotency_keys')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (row === undefined) {
      const inserted = await db
        .insertInto('checkout_idempotency_keys')
        .values({
          customer_id: customerId,
          idempotency_key: key,
          request_hash: requestHash,
          trade_id: null,
          sealed_response: null,
          locked_by: claim.holder,
          locked_until: lease,
          created_at: at,
        })
        .onConflict((conflict) => conflict.columns(['customer_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', claim };
      continue;
    }
    if (row.created_at <= expiredBefore) {
      // The key's day is over: it is free for a new checkout.
      await db
        .deleteFrom('checkout_idempotency_keys')
        .where('customer_id', '=', customerId)
        .where('idempotency_key', '=', key)
        .where('created_at', '=', row.created_at)
        .execute();
      continue;
    }
    if (row.request_hash !== requestHash) {
      throw new HttpError(
        422,
        apiErrorCode.idempotencyKeyReused,
        'This Idempotency-Key was used for another checkout request; send a new key for a new request',
        [{ path: 'headers.idempotency-key', message: 'Already used for another request' }],
      );
    }
    if (row.sealed_response !== null && row.trade_id !== null) {
      const answer = openAnswer(checkout.jwtSecret, row, row.sealed_response);
      return { kind: 'replay', answer: answer ?? (await checkout.answerOf(row.trade_id)) };
    }
    if (row.locked_until !== null && row.locked_until > at) throw new IdempotencyKeyInUseError();
    // The claim lapsed without an answer: its checkout never committed. Take it over.
    const taken = await db
      .updateTable('checkout_idempotency_keys')
      .set({ locked_by: claim.holder, locked_until: lease })
      .where('customer_id', '=', customerId)
      .where('idempotency_key', '=', key)
      .where('sealed_response', 'is', null)
      .where('locked_by', '=', row.locked_by ?? '')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', claim };
  }
  throw new IdempotencyKeyInUseError();
}

/**
 * Stores the trade and the answer with the claim, in the checkout's transaction (`trx`), so
 * they commit with the trade. Throws {@link IdempotencyKeyInUseError}, rolling the checkout
 * back, when the claim was taken over meanwhile (this checkout ran longer than its claim).
 */
export async function completeIdempotencyKey(
  trx: TradeDb,
  claim: IdempotencyClaim,
  stored: { tradeId: number; answer: CreatedTrade; jwtSecret: string },
): Promise<void> {
  const completed = await trx
    .updateTable('checkout_idempotency_keys')
    .set({
      trade_id: stored.tradeId,
      sealed_response: sealAnswer(stored.jwtSecret, claim, stored.answer),
      locked_by: null,
      locked_until: null,
    })
    .where('customer_id', '=', claim.customerId)
    .where('idempotency_key', '=', claim.key)
    .where('locked_by', '=', claim.holder)
    .where('sealed_response', 'is', null)
    .executeTakeFirst();
  if (Number(completed.numUpdatedRows) !== 1) throw new IdempotencyKeyInUseError();
}

/** Removes the claim of a checkout that failed: nothing was stored, so a retry runs anew. */
export async function releaseIdempotencyKey(db: TradeDb, claim: IdempotencyClaim): Promise<void> {
  await db
    .deleteFrom('checkout_idempotency_keys')
    .where('customer_id', '=', claim.customerId)
    .where('idempotency_key', '=', claim.key)
    .where('locked_by', '=', claim.holder)
    .where('sealed_response', 'is', null)
    .execute();
}

/** Removes keys older than {@link idempotencyKeyHours} (the periodic clean-up); answers how many. */
export async function deleteExpiredIdempotencyKeys(db: TradeDb, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('checkout_idempotency_keys')
    .where('created_at', '<=', new Date(now.getTime() - idempotencyKeyMs).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
