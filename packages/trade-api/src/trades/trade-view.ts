import type { InspectionFinding, Trade, TradeClarification, TradeStatus } from '@tradein/contract';
import { tradeStatusSchema } from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { loadOfferDevice, type OfferCatalogueDevice } from './offer-catalogue.ts';
import { parseAnswerCodes } from './offers.ts';
import { revisedVoucherBonus } from './vouchers.ts';

/** A trade row with its items, events and clarifications as stored. */
export interface TradeRecord {
  id: number;
  tradeNumber: string;
  customerId: string | null;
  edition: EditionCode;
  status: TradeStatus;
  shopMode: ShopMode;
  createdAt: string;
  updatedAt: string;
  addressSnapshot: string;
  paymentType: number;
  voucherCode: string | null;
  voucherBonusCents: number;
  totalCents: number;
  items: {
    id: number;
    position: number;
    offerId: string;
    deviceId: number;
    name: string;
    quantity: number;
    priceCents: number;
    revisedPriceCents: number | null;
    answered: Record<string, string>;
    found: Record<string, string> | null;
    photoPath: string | null;
  }[];
  events: { status: TradeStatus; at: string; note: string | null }[];
  clarifications: {
    itemId: number;
    state: 'open' | 'accepted' | 'returned' | 'expired';
    createdAt: string;
    answeredAt: string | null;
    reason: string | null;
    revisedOfferId: string | null;
  }[];
}

/** Reads a trade by its number; null when there is none. */
export async function loadTrade(db: TradeDb, tradeNumber: string): Promise<TradeRecord | null> {
  const trade = await db
    .selectFrom('trades')
    .selectAll()
    .where('trade_number', '=', tradeNumber)
    .executeTakeFirst();
  if (trade === undefined) return null;
  const items = await db
    .selectFrom('trade_items')
    .innerJoin('offers', 'offers.id', 'trade_items.offer_id')
    .select([
      'trade_items.id',
      'trade_items.offer_id',
      'trade_items.device_id',
      'trade_items.device_name',
      'trade_items.quantity',
      'trade_items.price_cents',
      'trade_items.revised_price_cents',
      'trade_items.inspection_findings',
      'trade_items.photo_path',
      'offers.answers',
    ])
    .where('trade_items.trade_id', '=', trade.id)
    .orderBy('trade_items.id')
    .execute();
  const events = await db
    .selectFrom('trade_events')
    .select(['status', 'note', 'created_at'])
    .where('trade_id', '=', trade.id)
    .orderBy('id')
    .execute();
  const clarifications = await db
    .selectFrom('clarifications')
    .selectAll()
    .where('trade_id', '=', trade.id)
    .orderBy('id')
    .execute();
  return {
    id: trade.id,
    tradeNumber: trade.trade_number,
    customerId: trade.customer_id,
    edition: trade.edition as EditionCode,
    status: tradeStatusSchema.parse(trade.status),
    shopMode: trade.shop_mode as ShopMode,
    createdAt: trade.created_at,
    updatedAt: trade.updated_at,
    addressSnapshot: trade.address_snapshot,
    paymentType: trade.payment_type,
    voucherCode: trade.voucher_code,
    voucherBonusCents: trade.voucher_bonus_cents,
    totalCents: trade.total_cents,
    items: items.map((item, index) => ({
      id: item.id,
      position: index + 1,
      offerId: item.offer_id,
      deviceId: item.device_id,
      name: item.device_name,
      quantity: item.quantity,
      priceCents: item.price_cents,
      revisedPriceCents: item.revised_price_cents,
      answered: parseAnswerCodes(item.answers),
      found: item.inspection_findings === null ? null : parseAnswerCodes(item.inspection_findings),
      photoPath: item.photo_path,
    })),
    events: events.map((event) => ({
      status: tradeStatusSchema.parse(event.status),
      at: event.created_at,
      note: event.note,
    })),
    clarifications: clarifications.map((row) => ({
      itemId: row.trade_item_id,
      state: row.state as TradeRecord['clarifications'][number]['state'],
      createdAt: row.created_at,
      answeredAt: row.answered_at,
      reason: row.reason,
      revisedOfferId: row.revised_offer_id,
    })),
  };
}

/** What one line pays: the revised price once accepted, else the price at checkout. */
function effectiveLinePrice(item: TradeRecord['items'][number], acceptedRevision: boolean): number {
  return acceptedRevision && item.revisedPriceCents !== null
    ? item.revisedPriceCents
    : item.priceCents;
}

/** The items total with every revised price applied. */
export function revisedItemsTotal(record: TradeRecord): number {
  return record.items.reduce(
    (sum, item) => sum + effectiveLinePrice(item, true) * item.quantity,
    0,
  );
}

/** Findings of one line: each question with the customer's answer and what was found. */
function findingsOf(
  item: TradeRecord['items'][number],
  device: OfferCatalogueDevice | null,
): InspectionFinding[] {
  if (item.found === null || device === null) return [];
  const found = item.found;
  return device.questions.flatMap((question) => {
    const answeredCode = item.answered[question.code];
    const foundCode = found[question.code] ?? answeredCode;
    if (answeredCode === undefined || foundCode === undefined) return [];
    const text = (code: string) =>
      question.answers.find((answer) => answer.code === code)?.text ?? code;
    return [
      {
        questionId: question.id,
        questionCode: question.code,
        question: question.question,
        answeredCode,
        answeredText: text(answeredCode),
        foundCode,
        foundText: text(foundCode),
        differs: foundCode !== answeredCode,
      },
    ];
  });
}

/** The clarification of a trade as the customer sees it; null when there never was one. */
function clarificationOf(
  record: TradeRecord,
  revisedBonusCents: number,
): TradeClarification | null {
  const latest = record.clarifications.at(-1);
  if (latest === undefined) return null;
  const rows = record.clarifications.filter((row) => row.state === latest.state);
  const items = rows.flatMap((row) => {
    const item = record.items.find((candidate) => candidate.id === row.itemId);
    return item === undefined || item.revisedPriceCents === null
      ? []
      : [
          {
            position: item.position,
            priceCents: item.priceCents,
            revisedPriceCents: item.revisedPriceCents,
            reason: row.reason,
          },
        ];
  });
  return {
    state: latest.state,
    createdAt: latest.createdAt,
    answeredAt: latest.answeredAt,
    items,
    revisedTotalCents: revisedItemsTotal(record) + revisedBonusCents,
  };
}

/** Whether the trade's total already uses the revised prices. */
function revisionAccepted(status: TradeStatus, record: TradeRecord): boolean {
  return (
    status === 'accepted' ||
    (status === 'paid' && record.events.some((event) => event.status === 'accepted'))
  );
}

/** The contract view of a trade for its owner. */
export async function tradeView(db: TradeDb, record: TradeRecord): Promise<Trade> {
  const devices = new Map<number, OfferCatalogueDevice | null>();
  for (const item of record.items) {
    if (!devices.has(item.deviceId)) {
      devices.set(item.deviceId, await loadOfferDevice(db, item.deviceId, record.edition));
    }
  }
  const accepted = revisionAccepted(record.status, record);
  const items = record.items.map((item) => ({
    position: item.position,
    offerId: item.offerId,
    deviceId: item.deviceId,
    name: item.name,
    quantity: item.quantity,
    priceCents: item.priceCents,
    revisedPriceCents: item.revisedPriceCents,
    lineTotalCents: effectiveLinePrice(item, accepted) * item.quantity,
    findings: findingsOf(item, devices.get(item.deviceId) ?? null),
    hasPhoto: item.photoPath !== null,
  }));
  return {
    tradeId: record.id,
    tradeNumber: record.tradeNumber,
    edition: record.edition,
    status: record.status,
    shopMode: record.shopMode,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    currency: 'EUR',
    itemsTotalCents: items.reduce((sum, item) => sum + item.lineTotalCents, 0),
    voucher:
      record.voucherCode === null
        ? null
        : { code: record.voucherCode, bonusCents: record.voucherBonusCents },
    taxCents: 0,
    shippingCents: 0,
    totalCents: record.totalCents,
    paymentType: record.paymentType,
    items,
    clarification: clarificationOf(
      record,
      await revisedVoucherBonus(db, record.voucherCode, revisedItemsTotal(record)),
    ),
    events: record.events,
    labelPath: `/api/trade/trades/${record.tradeNumber}/label.pdf`,
  };
}
