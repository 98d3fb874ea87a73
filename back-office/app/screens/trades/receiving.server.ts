import { tradeNumberSchema, tradeStatusSchema, type TradeStatus } from '@tradein/contract';
import * as z from 'zod/mini';

/*
 * The receipts of a bench session: the last ten, newest first, kept in a short-lived cookie of
 * the receiving page (`tradein_receiving`, path /receiving, httpOnly, SameSite=Strict, 12 hours)
 * so that they stay on the page after each receipt and a reload, with or without JavaScript.
 * The cookie only lists what this browser recorded; the receipts themselves are in the trades
 * and the audit log.
 */

const cookieName = 'tradein_receiving';
/** Receipts the list keeps. */
export const receiptsKept = 10;
/** How long the list lives: a working day at the bench. */
const cookieMaxAgeSeconds = 12 * 60 * 60;

const sessionReceiptSchema = z.object({
  tradeNumber: tradeNumberSchema,
  devices: z.int().check(z.nonnegative()),
  at: z.iso.datetime(),
});
/** One receipt of the session: which trade, how many devices, when. */
export type SessionReceipt = z.infer<typeof sessionReceiptSchema>;

const sessionReceiptsSchema = z.array(sessionReceiptSchema).check(z.maxLength(receiptsKept));

/** The session's receipts from the request's cookie; an unreadable cookie is an empty list. */
export function sessionReceiptsOf(request: Request): SessionReceipt[] {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== cookieName) continue;
    try {
      const json: unknown = JSON.parse(Buffer.from(value.join('='), 'base64url').toString('utf8'));
      const parsed = sessionReceiptsSchema.safeParse(json);
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The `set-cookie` header keeping `receipts` (at most the last ten). */
export function sessionReceiptsCookie(receipts: readonly SessionReceipt[], request: Request) {
  const value = Buffer.from(JSON.stringify(receipts.slice(0, receiptsKept))).toString('base64url');
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${cookieName}=${value}; Path=/receiving; Max-Age=${cookieMaxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** A typed or scanned trade number as labels print it (a scanner may send lower case). */
export function normalisedTradeNumber(typed: string): string {
  return typed.trim().toUpperCase();
}

/** When and by whom an `already_received` refusal says the trade was received. */
export function receivedWhenAndBy(message: string): { at?: string; by?: string } {
  const at = / at (\d{4}-\d{2}-\d{2}T[0-9:.]+Z)/.exec(message)?.[1];
  const by = / by (.+)$/.exec(message)?.[1];
  return { ...(at === undefined ? {} : { at }), ...(by === undefined ? {} : { by }) };
}

/** The status an `invalid_status` refusal names, when it names one. */
export function statusNamed(message: string): TradeStatus | undefined {
  const parsed = tradeStatusSchema.safeParse(/ is ([a-z]+);/.exec(message)?.[1]);
  return parsed.success ? parsed.data : undefined;
}
