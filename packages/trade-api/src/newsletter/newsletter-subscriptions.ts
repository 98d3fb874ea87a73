import {
  newsletterInterestSchema,
  salutationSchema,
  type NewsletterEnrichRequest,
  type NewsletterSubscription,
} from '@tradein/contract';
import { editionCodeSchema, type EditionCode } from '@tradein/editions';
import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import { newsletterEmailHash } from './email-hash.ts';
import { daysAfter } from '../time/day.ts';

/** How long an opt-in link works. */
export const confirmTokenLifetimeDays = 7;
/** A repeated subscribe within this time sends no further mail (protects the inbox). */
const optInResendIntervalMs = 10 * 60_000;

type SubscriptionRow = Selectable<TradeDatabase['newsletter_subscriptions']>;

const storedInterestsSchema = z.array(newsletterInterestSchema);

/** A row as its link holder sees it; values that fail the contract read as empty. */
export function subscriptionView(row: SubscriptionRow): NewsletterSubscription {
  const interests = storedInterestsSchema.safeParse(safeJson(row.interests));
  const salutation = salutationSchema.safeParse(row.salutation);
  return {
    edition: editionCodeSchema.parse(row.edition),
    status: row.status === 'active' || row.status === 'pending' ? row.status : 'unsubscribed',
    firstName: row.first_name,
    salutation: salutation.success ? salutation.data : null,
    interests: interests.success ? interests.data : [],
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** What a subscribe call leads to. */
export type SubscribeOutcome =
  { kind: 'send'; emailHash: string; token: string; subscriptionId: number } | { kind: 'nothing' };

/**
 * Starts or renews a pending subscription. A new address, a pending one whose last mail is older
 * than {@link optInResendIntervalMs}, or an ended one gets a fresh token (the previous link stops
 * working) and needs an opt-in mail; an active subscription or a recent repeat needs nothing.
 * The caller answers the same in every case, so the answer never tells whether an address is
 * subscribed.
 */
export async function startSubscription(
  db: TradeDb,
  hashKey: Buffer,
  input: { email: string; edition: EditionCode; source: string | undefined },
  now: Date,
): Promise<SubscribeOutcome> {
  const email = input.email.toLowerCase();
  const emailHash = newsletterEmailHash(hashKey, input.edition, email);
  const stamp = now.toISOString();
  // Concurrent first subscribes of one address: the unique (email, edition) keeps one row.
  await db
    .insertInto('newsletter_subscriptions')
    .values({
      email,
      edition: input.edition,
      status: 'pending',
      email_hash: emailHash,
      confirm_token_hash: null,
      source: input.source ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.columns(['email', 'edition']).doNothing())
    .execute();
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .where('edition', '=', input.edition)
    .executeTakeFirstOrThrow();

  if (row.status === 'active') return { kind: 'nothing' };
  const resendAfter = new Date(now.getTime() - optInResendIntervalMs).toISOString();
  if (row.status === 'pending' && row.opt_in_sent_at !== null && row.opt_in_sent_at > resendAfter) {
    return { kind: 'nothing' };
  }

  const token = createOpaqueToken();
  const expires = daysAfter(now, confirmTokenLifetimeDays);
  await db
    .updateTable('newsletter_subscriptions')
    .set({
      status: 'pending',
      confirm_token_hash: hashOpaqueToken(token),
      confirm_expires_at: expires.toISOString(),
      source: input.source ?? row.source,
      unsubscribed_at: null,
      updated_at: stamp,
    })
    .where('id', '=', row.id)
    .execute();
  return { kind: 'send', emailHash: row.email_hash, token, subscriptionId: row.id };
}

/** Notes that the opt-in mail went out (only then do repeats wait for the resend interval). */
export async function markOptInSent(db: TradeDb, subscriptionId: number, now: Date): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ opt_in_sent_at: now.toISOString() })
    .where('id', '=', subscriptionId)
    .execute();
}

/** The subscription a link names, or undefined. */
export async function findSubscription(
  db: TradeDb,
  emailHash: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
}

/** Why a confirmation failed. */
export type ConfirmFailure = 'invalid' | 'expired';

/**
 * Confirms a pending subscription with its token, once: the update matches only the stored
 * token hash of a pending, unexpired subscription and clears it, so of two concurrent clicks
 * exactly one succeeds.
 */
export async function confirmSubscription(
  db: TradeDb,
  emailHash: string,
  token: string,
  now: Date,
): Promise<SubscriptionRow | ConfirmFailure> {
  const tokenHash = hashOpaqueToken(token);
  const stamp = now.toISOString();
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({
      status: 'active',
      confirm_token_hash: null,
      confirm_expires_at: null,
      confirmed_at: stamp,
      updated_at: stamp,
    })
    .where('email_hash', '=', emailHash)
    .where('status', '=', 'pending')
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_expires_at', '>', stamp)
    .executeTakeFirst();
  const row = await findSubscription(db, emailHash);
  if (Number(result.numUpdatedRows) === 1 && row !== undefined) return row;
  if (row !== undefined && row.confirm_token_hash === tokenHash && row.status === 'pending') {
    return 'expired';
  }
  return 'invalid';
}

/** Why an enrich failed. */
export type EnrichFailure = 'unknown' | 'not-active';

/** Adds the enrich page's details to an active subscription. */
export async function enrichSubscription(
  db: TradeDb,
  details: NewsletterEnrichRequest,
  now: Date,
): Promise<SubscriptionRow | EnrichFailure> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({
      ...(details.firstName === undefined ? {} : { first_name: details.firstName.trim() }),
      ...(details.salutation === undefined ? {} : { salutation: details.salutation }),
      ...(details.interests === undefined
        ? {}
        : { interests: JSON.stringify(details.interests.toSorted()) }),
      updated_at: now.toISOString(),
    })
    .where('email_hash', '=', details.emailHash)
    .where('status', '=', 'active')
    .executeTakeFirst();
  const row = await findSubscription(db, details.emailHash);
  if (row === undefined) return 'unknown';
  if (Number(result.numUpdatedRows) !== 1) return 'not-active';
  return row;
}

/**
 * Ends a subscription (pending or active) and forgets the enrich details and any open token;
 * the address and hash stay so the link keeps answering. False when no subscription has the hash.
 */
export async function endSubscription(db: TradeDb, emailHash: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  await db
    .updateTable('newsletter_subscriptions')
    .set({
      status: 'unsubscribed',
      confirm_token_hash: null,
      confirm_expires_at: null,
      first_name: null,
      salutation: null,
      interests: '[]',
      unsubscribed_at: stamp,
      updated_at: stamp,
    })
    .where('email_hash', '=', emailHash)
    .where('status', '<>', 'unsubscribed')
    .execute();
  return (await findSubscription(db, emailHash)) !== undefined;
}
