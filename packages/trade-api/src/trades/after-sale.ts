import {
  deviceKinds,
  type DeviceKind,
  type PayoutMethod,
  type TradeAfterSale,
} from '@tradein/contract';
import {
  buildPath,
  getEdition,
  offerValidityDays,
  payoutBusinessDays,
  payPalPaymentMethod,
} from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { daysAfter } from '../time/day.ts';
import { preparationOf } from './device-preparation.ts';
import { tradeShopOrigin, type MailLinks } from './shop-links.ts';
import { issueTradeStatusToken, tradeStatusLink } from './trade-status-link.ts';
import type { TradeRecord } from './trade-view.ts';

/*
 * What a seller needs after the sale, for the confirmation mail, the thank-you screen and the
 * status page (docs/trades.md, "After the sale"). Kept to facts the server knows: the dates come
 * from the trade, the preparation from the devices' catalogue categories, the payout from what
 * was stored at checkout, the contact from the edition's configuration.
 */

/**
 * The day the parcel must be sent by: the end of the offers' validity, which is also the label's
 * (`labelValidityDays` of the reminders is the same 14 days).
 */
function shipByOf(record: Pick<TradeRecord, 'createdAt'>): string {
  return daysAfter(new Date(record.createdAt), offerValidityDays).toISOString();
}

function deviceKindOf(categoryKey: string): DeviceKind {
  return (deviceKinds as readonly string[]).includes(categoryKey)
    ? (categoryKey as DeviceKind)
    : 'other';
}

/** The kinds of a trade's devices, each once, in the order of its lines. */
async function deviceKindsOf(db: TradeDb, record: TradeRecord): Promise<DeviceKind[]> {
  const deviceIds = [...new Set(record.items.map((item) => item.deviceId))];
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .innerJoin('categories', 'categories.id', 'devices.category_id')
    .select(['devices.id', 'categories.key'])
    .where('devices.id', 'in', deviceIds)
    .execute();
  const keyOf = new Map(rows.map((row) => [row.id, row.key]));
  const kinds = deviceIds.map((id) => deviceKindOf(keyOf.get(id) ?? ''));
  return [...new Set(kinds)];
}

/** How the trade is paid, from what checkout stored: PayPal, or SEPA with the IBAN's end. */
async function payoutMethodOf(db: TradeDb, tradeId: number): Promise<PayoutMethod> {
  const row = await db
    .selectFrom('trades')
    .select(['payment_type', 'payout_details'])
    .where('id', '=', tradeId)
    .executeTakeFirstOrThrow();
  if (row.payment_type === payPalPaymentMethod) return { method: 'paypal' };
  const details = JSON.parse(row.payout_details) as { iban?: unknown };
  const iban = typeof details.iban === 'string' ? details.iban.replace(/[^0-9A-Za-z]/g, '') : '';
  // Checkout stored a checked IBAN; a deleted customer's keeps its last four characters.
  return { method: 'sepa', ibanLast4: iban.slice(-4).toUpperCase() };
}

/** The edition's contact page on the trade's shop, and its service address. */
export function contactOf(
  links: Pick<MailLinks, 'shopOrigins'>,
  record: Pick<TradeRecord, 'edition' | 'shopMode'>,
): TradeAfterSale['contact'] {
  const origin = tradeShopOrigin(links, record);
  return {
    pageUrl: new URL(buildPath(record.edition, 'contact'), origin).toString(),
    email: getEdition(record.edition).contact.toAddress,
  };
}

/** Everything after the sale, with a fresh status link signed at `now`. */
export async function afterSaleOf(
  db: TradeDb,
  links: MailLinks,
  record: TradeRecord,
  now: Date,
): Promise<TradeAfterSale> {
  const token = await issueTradeStatusToken(links.jwtSecret, record.tradeNumber, now);
  return {
    shipBy: shipByOf(record),
    preparation: preparationOf(
      i18nForEdition(record.edition, record.shopMode),
      record.edition,
      await deviceKindsOf(db, record),
    ),
    payout: await payoutMethodOf(db, record.id),
    payoutBusinessDays,
    statusUrl: tradeStatusLink(tradeShopOrigin(links, record), token),
    contact: contactOf(links, record),
  };
}
