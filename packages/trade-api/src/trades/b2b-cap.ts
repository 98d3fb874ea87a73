import { msg } from '@lingui/core/macro';
import { apiErrorCode } from '@tradein/contract';
import { b2bTradeCapCents, formatMoney, getEdition, type EditionCode } from '@tradein/editions';
import { formatDate } from '@tradein/editions/client';
import type { TradeDb } from '../db/create-database.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import { customerKey } from './customer-key.ts';
import { dayMs } from '../time/day.ts';

/**
 * Days over which a business seller's trades are summed for the B2B cap; the period rolls. The
 * cap's statement says "30 days" in words, the same in the shop, the widget and here
 * (docs/trades.md, "One statement of the B2B cap"); its test holds the two together.
 */
export const b2bCapPeriodDays = 30;
const periodMs = b2bCapPeriodDays * dayMs;
const minuteMs = 60 * 1000;

/** A business trade of the seller inside the period, as it counts against the cap. */
interface CountedTrade {
  totalCents: number;
  createdAt: string;
}

/**
 * The moment enough of the seller's trades have left the period for a cart of `totalCents`:
 * the oldest trades leave first, each one period after its checkout.
 */
function fitsFrom(counted: readonly CountedTrade[], totalCents: number): Date {
  const usedCents = counted.reduce((sum, trade) => sum + trade.totalCents, 0);
  const toRelease = usedCents + totalCents - b2bTradeCapCents;
  let released = 0;
  for (const trade of counted) {
    released += trade.totalCents;
    if (released >= toRelease) return new Date(new Date(trade.createdAt).getTime() + periodMs);
  }
  throw new Error('unreachable: a cart within the cap fits once every counted trade has left');
}

/** Hours and minutes as the edition shows them, in the edition's time zone. */
function formatTime(edition: EditionCode, moment: Date): string {
  const { icuLocale, timeZone } = getEdition(edition);
  return new Intl.DateTimeFormat(icuLocale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);
}

/**
 * The one statement of the B2B cap: the amount and what counts toward it, in the same words as
 * the business landing page and the widget's cart, offer and checkout notices. Only business
 * sellers meet the cap: it speaks formal German.
 */
export function b2bCapStatement(edition: EditionCode): string {
  const cap = formatMoney(edition, b2bTradeCapCents);
  return i18nForEdition(edition, 'b2bWidget')._(
    msg`Business sales may total at most ${cap} within 30 days: the payouts of all business trades with the same e-mail address in the last 30 days count together, the new trade included; trades sent back do not count.`,
  );
}

/**
 * The refusal of a business cart above the cap, in the edition's language: the cap's statement,
 * then either that the cart alone is too large or when it fits (the minute shown is rounded up,
 * so the cart is accepted from then on).
 */
function b2bCapError(
  edition: EditionCode,
  counted: readonly CountedTrade[],
  totalCents: number,
): HttpError {
  const i18n = i18nForEdition(edition, 'b2bWidget');
  const cap = formatMoney(edition, b2bTradeCapCents);
  const days = b2bCapPeriodDays;
  const total = formatMoney(edition, totalCents);
  let detail: string;
  if (totalCents > b2bTradeCapCents) {
    detail = i18n._(
      msg`This cart alone is worth ${total}: remove devices until it is worth at most ${cap}.`,
    );
  } else {
    const usedCents = counted.reduce((sum, trade) => sum + trade.totalCents, 0);
    const used = formatMoney(edition, usedCents);
    const available = formatMoney(edition, Math.max(0, b2bTradeCapCents - usedCents));
    const moment = new Date(
      Math.ceil(fitsFrom(counted, totalCents).getTime() / minuteMs) * minuteMs,
    );
    const date = formatDate(edition, moment);
    const time = formatTime(edition, moment);
    detail = i18n._(
      msg`Your business sales of the last ${days} days come to ${used}, so at most ${available} more is possible now; this cart of ${total} is possible from ${date} at ${time}.`,
    );
  }
  const message = `${b2bCapStatement(edition)} ${detail}`;
  return new HttpError(422, apiErrorCode.b2bCapExceeded, message, [{ path: 'offers', message }]);
}

/**
 * Checks a business cart against the B2B cap (§9 b2bTradeCap) over the seller's business trades
 * of the last {@link b2bCapPeriodDays} days, returned trades left out, inside the checkout's
 * transaction; throws the 422 `b2b_cap_exceeded` when it does not fit. The seller is the
 * customer's lower-case e-mail address, so a seller's guest checkouts count together. The
 * seller's `b2b_partners` row is written first: a second checkout of the same seller waits for
 * that row until the first one commits, and then counts its trade (PostgreSQL); SQLite runs one
 * writing transaction at a time anyway. Answers the seller's key for {@link bookB2BTrade}.
 */
export async function checkB2BCap(
  trx: TradeDb,
  cart: { email: string; edition: EditionCode; totalCents: number; now: Date },
): Promise<string> {
  const key = customerKey(cart.email);
  const at = cart.now.toISOString();
  await trx
    .insertInto('b2b_partners')
    .values({ partner_key: key, last_checkout_at: at })
    .onConflict((conflict) => conflict.column('partner_key').doUpdateSet({ last_checkout_at: at }))
    .execute();
  const since = new Date(cart.now.getTime() - periodMs).toISOString();
  const counted: CountedTrade[] = await trx
    .selectFrom('b2b_trades')
    .innerJoin('trades', 'trades.id', 'b2b_trades.trade_id')
    .select(['trades.total_cents as totalCents', 'b2b_trades.created_at as createdAt'])
    .where('b2b_trades.partner_key', '=', key)
    .where('b2b_trades.created_at', '>', since)
    .where('trades.status', '!=', 'returned')
    .orderBy('b2b_trades.created_at')
    .orderBy('b2b_trades.trade_id')
    .execute();
  const usedCents = counted.reduce((sum, trade) => sum + trade.totalCents, 0);
  if (usedCents + cart.totalCents > b2bTradeCapCents) {
    throw b2bCapError(cart.edition, counted, cart.totalCents);
  }
  return key;
}

/** Books a new business trade to its seller (the key {@link checkB2BCap} answered). */
export async function bookB2BTrade(
  trx: TradeDb,
  partnerKey: string,
  tradeId: number,
  at: string,
): Promise<void> {
  await trx
    .insertInto('b2b_trades')
    .values({ trade_id: tradeId, partner_key: partnerKey, created_at: at })
    .execute();
}
