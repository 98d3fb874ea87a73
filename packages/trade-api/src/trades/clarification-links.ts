import { offerValidityDays } from '@tradein/editions';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import type { TradeDb } from '../db/create-database.ts';
import { daysAfter } from '../time/day.ts';

/** The shop page a clarification mail links to: `/clarification/{link}/{tradeNumber}`. */
export function clarificationPageLink(
  publicOrigin: string,
  link: string,
  tradeNumber: string,
): string {
  return new URL(`/clarification/${link}/${tradeNumber}`, publicOrigin).toString();
}

/** The shop page that accepts one revised offer in one step (one per device of the mail). */
export function clarificationQuickAnswerLink(
  publicOrigin: string,
  link: string,
  tradeNumber: string,
  offerId: string,
): string {
  return new URL(
    `/clarificationQuickAnswer/${link}/${tradeNumber}/${offerId}`,
    publicOrigin,
  ).toString();
}

/**
 * Creates the capability of one clarification mail, inside the transaction that revises the
 * offer: 256 random bits (43 characters base64url), of which only the SHA-256 is stored. It
 * opens the trade's page as long as the revised offers of that mail are valid (14 days).
 */
export async function createClarificationLink(
  trx: TradeDb,
  tradeId: number,
  now: Date,
): Promise<{ link: string; expiresAt: string }> {
  const link = createOpaqueToken();
  const expiresAt = daysAfter(now, offerValidityDays).toISOString();
  await trx
    .insertInto('clarification_links')
    .values({
      trade_id: tradeId,
      token_hash: hashOpaqueToken(link),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { link, expiresAt };
}

/**
 * The trade a link opens, with the link's expiry: only when the link exists, has not expired
 * and belongs to the trade of that number. Undefined otherwise, whatever the reason, so the
 * answer tells a prober nothing.
 */
export async function resolveClarificationLink(
  db: TradeDb,
  link: string,
  tradeNumber: string,
  now: Date,
): Promise<{ tradeId: number; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('clarification_links')
    .innerJoin('trades', 'trades.id', 'clarification_links.trade_id')
    .select(['clarification_links.trade_id', 'clarification_links.expires_at'])
    .where('clarification_links.token_hash', '=', hashOpaqueToken(link))
    .where('trades.trade_number', '=', tradeNumber)
    .where('clarification_links.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row === undefined ? undefined : { tradeId: row.trade_id, expiresAt: row.expires_at };
}
