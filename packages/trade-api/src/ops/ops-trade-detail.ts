import { createHash, randomUUID } from 'node:crypto';
import {
  endpointPath,
  opsInspectionPhotoEndpoint,
  opsSellerPhotoEndpoint,
  type OpsTradeDetail,
  type OpsTradeLine,
} from '@tradein/contract';
import { isBlobKey, type BlobStore } from '../blobs/blob-store.ts';
import type { TradeDb } from '../db/create-database.ts';
import { sellerPhotosByLine } from '../photos/seller-photos.ts';
import {
  devicesOf,
  lineRevision,
  revisionDirection,
  type TradeRecord,
} from '../trades/trade-view.ts';
import { priceRuleAsOf } from './price-rule-as-of.ts';

/*
 * One trade as the back office's inspection screen shows it (contract: ops-trade-work.ts): the
 * header, per line the questions answered and found, photos, revision, the price rule the offer
 * used and the line's version, and the trade's events.
 */

/** The namespace of inspection photos in the shared store (photos/inspection-photos.ts). */
const inspectionPrefix = 'inspection-photos/';

/** The store's key prefix of a line's inspection photos: `inspection-photos/t-…-<position>-`. */
function inspectionPhotoPrefix(tradeNumber: string, position: number): string {
  return `${inspectionPrefix}${tradeNumber.toLowerCase()}-${position}-`;
}

/**
 * A new key of an inspection photo: the line's prefix, the time (so the store's sorted listing
 * is oldest first) and a random UUID, as JPEG.
 */
export function newInspectionPhotoKey(tradeNumber: string, position: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 17);
  return `${inspectionPhotoPrefix(tradeNumber, position)}${stamp}-${randomUUID()}.jpg`;
}

/** A line's inspection photos: id (the key after the prefix, no extension) and key, oldest first. */
export async function inspectionPhotoKeys(
  store: BlobStore,
  tradeNumber: string,
  position: number,
): Promise<{ id: string; key: string; createdAt: string | null }[]> {
  const prefix = inspectionPhotoPrefix(tradeNumber, position);
  const keys = await store.list(prefix);
  return keys
    .filter((key) => isBlobKey(key))
    .map((key) => {
      const id = key.slice(prefix.length).replace(/\.[a-z]+$/, '');
      const stamp = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})-/.exec(id);
      const createdAt =
        stamp === null
          ? null
          : `${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}.${stamp[7]}Z`;
      return { id, key, createdAt };
    });
}

/**
 * The version of a line's inspection state: a hash of its findings, revised price and revisions.
 * Any save of the line (findings, a revision, a decision) changes it.
 */
export function lineVersion(record: TradeRecord, item: TradeRecord['items'][number]): string {
  const revisions = record.clarifications
    .filter((row) => row.itemId === item.id)
    .map((row) => [row.id, row.state]);
  return createHash('sha256')
    .update(JSON.stringify([item.found, item.revisedPriceCents, revisions]))
    .digest('base64url')
    .slice(0, 22);
}

/** The revision of a line as staff see it. */
function revisionOf(
  record: TradeRecord,
  item: TradeRecord['items'][number],
): OpsTradeLine['revision'] {
  const revision = lineRevision(record, item);
  if (revision === undefined) return null;
  const direction = revisionDirection(item, revision);
  const state =
    record.status === 'returned' || revision.state === 'returned'
      ? 'returned'
      : revision.state === 'open'
        ? 'open'
        : direction === 'up'
          ? 'up'
          : 'accepted';
  return {
    state,
    direction,
    revisedPriceCents: revision.revisedPriceCents ?? item.revisedPriceCents ?? item.priceCents,
    reason: revision.reason,
    createdAt: revision.createdAt,
    answeredAt: revision.answeredAt,
  };
}

/** How the seller is paid, shortened: the IBAN's last four or the PayPal address. */
function payoutSummary(paymentType: number, json: string): OpsTradeDetail['payout'] {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) details = parsed as Record<string, unknown>;
  } catch {
    // An unreadable account is summarised as such below.
  }
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : '');
  if (paymentType === 2) {
    return { method: 'paypal', summary: `PayPal ${text('email') || '(no address)'}` };
  }
  const iban = text('iban').replace(/\s+/g, '');
  const holder = text('accountHolder');
  return {
    method: 'sepa',
    summary: `${holder || '(no holder)'}, IBAN …${iban.slice(-4) || '????'}`,
  };
}

/** The whole view of a trade for staff. */
export async function opsTradeDetail(
  db: TradeDb,
  store: BlobStore,
  record: TradeRecord,
): Promise<OpsTradeDetail> {
  const row = await db
    .selectFrom('trades')
    .leftJoin('customers', 'customers.id', 'trades.customer_id')
    .select([
      'trades.partner',
      'trades.payment_type',
      'trades.payout_details',
      'customers.first_name',
      'customers.last_name',
      'customers.email',
    ])
    .where('trades.id', '=', record.id)
    .executeTakeFirstOrThrow();
  const devices = await devicesOf(db, record);
  const offers = await db
    .selectFrom('offers')
    .select(['id', 'created_at'])
    .where(
      'id',
      'in',
      record.items.map((item) => item.offerId),
    )
    .execute();
  const offerTimes = new Map(offers.map((offer) => [offer.id, offer.created_at]));
  // The rows carry their time too; the describing function is typed with what it always has.
  const sellerPhotos = await sellerPhotosByLine(db, record.id, (photo) => ({
    id: photo.id,
    createdAt: (photo as { createdAt?: string }).createdAt ?? null,
  }));
  const lines: OpsTradeLine[] = [];
  for (const item of record.items) {
    const device = devices.get(item.deviceId) ?? null;
    const params = { tradeNumber: record.tradeNumber, position: String(item.position) };
    const photoUrl = (endpoint: typeof opsSellerPhotoEndpoint, photoId: string) =>
      endpointPath(endpoint, { ...params, photoId });
    lines.push({
      position: item.position,
      deviceId: item.deviceId,
      name: item.name,
      quantity: item.quantity,
      priceCents: item.priceCents,
      revisedPriceCents: item.revisedPriceCents,
      questions: (device?.questions ?? []).map((question) => ({
        code: question.code,
        question: question.question,
        answers: question.answers.map((answer) => ({ code: answer.code, text: answer.text })),
        answered: item.answered[question.code] ?? null,
        found:
          item.found === null
            ? null
            : (item.found[question.code] ?? item.answered[question.code] ?? null),
      })),
      inspected: item.found !== null,
      sellerPhotos: (sellerPhotos.get(item.position) ?? []).map((photo) => ({
        id: photo.id,
        url: photoUrl(opsSellerPhotoEndpoint, photo.id),
        createdAt: photo.createdAt,
      })),
      inspectionPhotos: (await inspectionPhotoKeys(store, record.tradeNumber, item.position)).map(
        (photo) => ({
          id: photo.id,
          url: photoUrl(opsInspectionPhotoEndpoint, photo.id),
          createdAt: photo.createdAt,
        }),
      ),
      revision: revisionOf(record, item),
      priceRule:
        device === null
          ? null
          : await priceRuleAsOf(
              db,
              device,
              record.edition,
              offerTimes.get(item.offerId) ?? record.createdAt,
            ),
      version: lineVersion(record, item),
    });
  }
  return {
    tradeNumber: record.tradeNumber,
    status: record.status,
    edition: record.edition,
    shopMode: record.shopMode,
    partner: row.partner,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    customer:
      row.email === null || row.first_name === null || row.last_name === null
        ? null
        : { firstName: row.first_name, lastName: row.last_name, email: row.email },
    payout: payoutSummary(record.paymentType, row.payout_details),
    currency: 'EUR',
    totalCents: record.totalCents,
    voucherBonusCents: record.voucherBonusCents,
    lines,
    events: record.events,
  };
}
