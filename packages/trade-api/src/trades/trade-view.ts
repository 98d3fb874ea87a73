import type { InspectionFinding, Trade, TradeClarification, TradeStatus } from '@tradein/contract';
import { endpointPath, tradeLabelEndpoint, tradeStatusSchema } from '@tradein/contract';
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
  /** The selling company's VAT ID of a business trade (normalised); null when none was given. */
  vatId: string | null;
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
    id: number;
    itemId: number;
    state: 'open' | 'accepted' | 'returned' | 'expired';
    createdAt: string;
    answeredAt: string | null;
    reason: string | null;
    revisedOfferId: string | null;
    /** Price per piece of the revised offer; null when the offer row is missing. */
    revisedPriceCents: number | null;
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
    .leftJoin('offers', 'offers.id', 'clarifications.revised_offer_id')
    .selectAll('clarifications')
    .select('offers.price_cents as revised_price_cents')
    .where('clarifications.trade_id', '=', trade.id)
    .orderBy('clarifications.id')
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
    vatId: trade.vat_id,
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
      id: row.id,
      itemId: row.trade_item_id,
      state: row.state as TradeRecord['clarifications'][number]['state'],
      createdAt: row.created_at,
      answeredAt: row.answered_at,
      reason: row.reason,
      revisedOfferId: row.revised_offer_id,
      revisedPriceCents: row.revised_price_cents,
    })),
  };
}

type TradeItemRecord = TradeRecord['items'][number];
type ClarificationRecord = TradeRecord['clarifications'][number];

/**
 * The revision of a line that counts: its newest clarification that a later revision did not
 * replace (open, accepted or returned); undefined when the line was never revised.
 */
export function lineRevision(
  record: TradeRecord,
  item: TradeItemRecord,
): ClarificationRecord | undefined {
  return record.clarifications.findLast((row) => row.itemId === item.id && row.state !== 'expired');
}

/** How a revision moved the price per piece of its line. */
export function revisionDirection(
  item: TradeItemRecord,
  revision: ClarificationRecord,
): 'down' | 'up' | 'same' {
  const revised = revision.revisedPriceCents ?? item.revisedPriceCents ?? item.priceCents;
  if (revised > item.priceCents) return 'up';
  return revised < item.priceCents ? 'down' : 'same';
}

/** Whether the line waits for the customer's decision on its revised offer. */
export function isLineOpen(record: TradeRecord, item: TradeItemRecord): boolean {
  return lineRevision(record, item)?.state === 'open';
}

/**
 * Whether the device goes back to the seller: the customer returned its revised offer, or the
 * whole trade was returned.
 */
export function isLineReturned(record: TradeRecord, item: TradeItemRecord): boolean {
  return record.status === 'returned' || lineRevision(record, item)?.state === 'returned';
}

/**
 * What one piece of a line pays: the revised price once accepted (by the customer, an
 * operator, or from the start when the inspection raised it), 0 once returned, else the price
 * at checkout. `assumeAccepted` counts open revisions as accepted (the total the customer is
 * offered). A returned trade keeps the prices of its lines: nothing is paid for it anyway, and
 * its numbers stay those of the checkout.
 */
function payablePrice(
  record: TradeRecord,
  item: TradeItemRecord,
  options: { assumeAccepted: boolean; excludeReturned: boolean },
): number {
  if (options.excludeReturned && isLineReturned(record, item)) return 0;
  const revision = lineRevision(record, item);
  const revised = item.revisedPriceCents ?? item.priceCents;
  if (revision === undefined || revision.state === 'returned') return item.priceCents;
  if (revision.state === 'accepted') return revised;
  return options.assumeAccepted ? revised : item.priceCents;
}

/**
 * The items total with every open revision accepted and returned lines left out: what the
 * trade pays if the customer accepts what is still open.
 */
export function revisedItemsTotal(record: TradeRecord): number {
  return record.items.reduce(
    (sum, item) =>
      sum +
      payablePrice(record, item, { assumeAccepted: true, excludeReturned: true }) * item.quantity,
    0,
  );
}

/** The items total as it stands: accepted revisions applied, open ones not, returned lines out. */
export function currentItemsTotal(record: TradeRecord): number {
  return record.items.reduce((sum, item) => sum + lineTotal(record, item), 0);
}

/** Price × quantity a line pays as it stands (see {@link payablePrice}). */
function lineTotal(record: TradeRecord, item: TradeItemRecord): number {
  const excludeReturned = record.status !== 'returned';
  return payablePrice(record, item, { assumeAccepted: false, excludeReturned }) * item.quantity;
}

/** Findings of one line: each question with the customer's answer and what was found. */
export function findingsOf(
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

/** The decision a line's revision carries: null while open (or when never revised). */
export function lineDecision(
  record: TradeRecord,
  item: TradeItemRecord,
): 'accept' | 'return' | null {
  const revision = lineRevision(record, item);
  if (revision === undefined) return null;
  if (isLineReturned(record, item)) return 'return';
  return revision.state === 'accepted' ? 'accept' : null;
}

/**
 * The clarification of a trade as the customer sees it: the current revision of every revised
 * line with its decision; null when there never was one.
 */
function clarificationOf(
  record: TradeRecord,
  revisedBonusCents: number,
): TradeClarification | null {
  const current = record.items.flatMap((item) => {
    const revision = lineRevision(record, item);
    return revision === undefined ? [] : [{ item, revision }];
  });
  const latest = current
    .map(({ revision }) => revision)
    .toSorted((a, b) => a.id - b.id)
    .at(-1);
  if (latest === undefined) return null;
  const open = current.some(({ revision }) => revision.state === 'open');
  const state: TradeClarification['state'] = open
    ? 'open'
    : record.status === 'returned' || current.every(({ revision }) => revision.state === 'returned')
      ? 'returned'
      : 'accepted';
  const answeredAt = open
    ? null
    : (current
        .map(({ revision }) => revision.answeredAt)
        .filter((at) => at !== null)
        .toSorted()
        .at(-1) ?? null);
  return {
    state,
    createdAt: latest.createdAt,
    answeredAt,
    items: current.map(({ item, revision }) => ({
      position: item.position,
      priceCents: item.priceCents,
      revisedPriceCents: item.revisedPriceCents ?? revision.revisedPriceCents ?? item.priceCents,
      reason: revision.reason,
      decision: lineDecision(record, item),
    })),
    revisedTotalCents: revisedItemsTotal(record) + revisedBonusCents,
  };
}

/** The catalogue devices of a trade's lines in its edition, by device id. */
export async function devicesOf(
  db: TradeDb,
  record: TradeRecord,
): Promise<Map<number, OfferCatalogueDevice | null>> {
  const devices = new Map<number, OfferCatalogueDevice | null>();
  for (const item of record.items) {
    if (!devices.has(item.deviceId)) {
      devices.set(item.deviceId, await loadOfferDevice(db, item.deviceId, record.edition));
    }
  }
  return devices;
}

/** The contract view of a trade for its owner. */
export async function tradeView(db: TradeDb, record: TradeRecord): Promise<Trade> {
  const devices = await devicesOf(db, record);
  const items = record.items.map((item) => ({
    position: item.position,
    offerId: item.offerId,
    deviceId: item.deviceId,
    name: item.name,
    quantity: item.quantity,
    priceCents: item.priceCents,
    revisedPriceCents: item.revisedPriceCents,
    lineTotalCents: lineTotal(record, item),
    findings: findingsOf(item, devices.get(item.deviceId) ?? null),
    hasPhoto: item.photoPath !== null,
    returned: isLineReturned(record, item),
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
    vatId: record.vatId,
    items,
    clarification: clarificationOf(
      record,
      await revisedVoucherBonus(db, record.voucherCode, revisedItemsTotal(record)),
    ),
    events: record.events,
    labelPath: endpointPath(tradeLabelEndpoint, { tradeNumber: record.tradeNumber }),
  };
}
