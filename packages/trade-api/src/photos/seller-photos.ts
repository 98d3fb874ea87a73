import { randomUUID } from 'node:crypto';
import {
  apiErrorCode,
  clarificationSellerPhotoEndpoint,
  endpointPath,
  maxSellerPhotosPerLine,
  sellerPhotoEndpoint,
  sellerPhotoStoredType,
  type SellerPhoto,
  type SellerPhotoList,
  type TradeStatus,
} from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { PhotoStorage } from './photo-storage.ts';
import { preparePhoto, PhotoRefusedError } from './photo-image.ts';

/** What the seller's photos need: the database, the storage of the bytes and the clock. */
export interface SellerPhotoDeps {
  db: TradeDb;
  storage: PhotoStorage;
  clock: () => Date;
}

/** A trade as far as its photos need it. */
export interface PhotoTrade {
  id: number;
  tradeNumber: string;
  customerId: string | null;
  status: TradeStatus;
  /** How many lines (devices) it has; positions run from 1 to it. */
  lineCount: number;
}

/** A stored photo row, as the calls and the operator read it. */
interface PhotoRow {
  id: string;
  position: number;
  storageKey: string;
  sizeBytes: number;
  width: number;
  height: number;
  createdAt: string;
}

/** Photos may be added and removed while the parcel is not yet with us. */
const editableStatus: TradeStatus = 'created';

/** Reads the trade a number names, with its line count; null when there is none. */
export async function loadPhotoTrade(db: TradeDb, tradeNumber: string): Promise<PhotoTrade | null> {
  const trade = await db
    .selectFrom('trades')
    .select(['id', 'trade_number', 'customer_id', 'status'])
    .where('trade_number', '=', tradeNumber)
    .executeTakeFirst();
  if (trade === undefined) return null;
  const lines = await db
    .selectFrom('trade_items')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('trade_id', '=', trade.id)
    .executeTakeFirstOrThrow();
  return {
    id: trade.id,
    tradeNumber: trade.trade_number,
    customerId: trade.customer_id,
    status: trade.status as TradeStatus,
    lineCount: Number(lines.count),
  };
}

/** The rows of the photos of one trade (one line of it when `position` is given), oldest first. */
async function photoRows(db: TradeDb, tradeId: number, position?: number): Promise<PhotoRow[]> {
  let query = db
    .selectFrom('seller_photos')
    .select(['id', 'position', 'storage_key', 'size_bytes', 'width', 'height', 'created_at'])
    .where('trade_id', '=', tradeId);
  if (position !== undefined) query = query.where('position', '=', position);
  const rows = await query.orderBy('position').orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    storageKey: row.storage_key,
    sizeBytes: row.size_bytes,
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
  }));
}

/** The API path of a photo's bytes for the trade's owner. */
function ownerPhotoPath(tradeNumber: string, row: PhotoRow): string {
  return endpointPath(sellerPhotoEndpoint, {
    tradeNumber,
    position: String(row.position),
    photoId: row.id,
  });
}

/** The API path of a photo's bytes for the clarification page of a link (no session). */
export function clarificationSellerPhotoPath(
  link: string,
  tradeNumber: string,
  photoId: string,
): string {
  return endpointPath(clarificationSellerPhotoEndpoint, { link, tradeNumber, photoId });
}

/** The contract's view of one line's photos. */
export async function sellerPhotoList(
  db: TradeDb,
  trade: PhotoTrade,
  position: number,
): Promise<SellerPhotoList> {
  const photos: SellerPhoto[] = (await photoRows(db, trade.id, position)).map((row) => ({
    id: row.id,
    position: row.position,
    contentType: sellerPhotoStoredType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt,
    path: ownerPhotoPath(trade.tradeNumber, row),
  }));
  return { position, photos, editable: trade.status === editableStatus };
}

/** The refusal once the parcel is on its way: photos belong to the trade as it was sent. */
function tradeShipped(trade: PhotoTrade): HttpError {
  return new HttpError(
    409,
    apiErrorCode.tradeShipped,
    `Trade ${trade.tradeNumber} is shipped already: photos can only be changed before shipping`,
  );
}

function photoLimitReached(): HttpError {
  return new HttpError(
    409,
    apiErrorCode.photoLimit,
    `At most ${maxSellerPhotosPerLine} photos per device`,
  );
}

/** How many photos a line has now. */
async function photoCount(db: TradeDb, tradeId: number, position: number): Promise<number> {
  const row = await db
    .selectFrom('seller_photos')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('trade_id', '=', tradeId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes the trade's row lock while it is still `created`, or throws `trade_shipped`. Photo
 * changes of one trade then run one after the other (no two uploads both see five photos and
 * add a sixth and seventh), and a parcel received meanwhile waits for the change or refuses it.
 */
async function lockEditableTrade(trx: TradeDb, trade: PhotoTrade): Promise<void> {
  const locked = await trx
    .updateTable('trades')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', trade.id)
    .where('status', '=', editableStatus)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) !== 1) throw tradeShipped(trade);
}

/**
 * Adds an uploaded photo to a line: refuses a shipped trade or a full line first (before the
 * image is decoded), then checks and re-encodes the image (photo-image.ts), stores the bytes and
 * records the row, checking status and count again under the trade's lock. Bytes whose row could
 * not be written are removed again.
 */
export async function addSellerPhoto(
  deps: SellerPhotoDeps,
  trade: PhotoTrade,
  position: number,
  upload: Uint8Array,
): Promise<SellerPhotoList> {
  if (trade.status !== editableStatus) throw tradeShipped(trade);
  if ((await photoCount(deps.db, trade.id, position)) >= maxSellerPhotosPerLine) {
    throw photoLimitReached();
  }
  let prepared;
  try {
    prepared = await preparePhoto(upload);
  } catch (error) {
    if (!(error instanceof PhotoRefusedError)) throw error;
    throw error.refusal === 'pixels'
      ? new HttpError(413, apiErrorCode.photoTooLarge, error.message)
      : new HttpError(415, apiErrorCode.photoType, error.message);
  }
  const id = randomUUID();
  const storageKey = `${trade.tradeNumber.toLowerCase()}/${position}/${id}.jpg`;
  await deps.storage.put(storageKey, prepared.bytes, sellerPhotoStoredType);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockEditableTrade(trx, trade);
      if ((await photoCount(trx, trade.id, position)) >= maxSellerPhotosPerLine) {
        throw photoLimitReached();
      }
      await trx
        .insertInto('seller_photos')
        .values({
          id,
          trade_id: trade.id,
          position,
          storage_key: storageKey,
          content_type: sellerPhotoStoredType,
          size_bytes: prepared.bytes.byteLength,
          width: prepared.width,
          height: prepared.height,
          created_at: deps.clock().toISOString(),
        })
        .execute();
    });
  } catch (error) {
    // The refusal is the answer; bytes the store cannot remove now stay behind, named by no row.
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return sellerPhotoList(deps.db, trade, position);
}

/** The row of one photo of a line; null when the line has no photo of that id. */
async function photoRow(
  db: TradeDb,
  trade: PhotoTrade,
  position: number | undefined,
  photoId: string,
): Promise<PhotoRow | null> {
  const rows = await photoRows(db, trade.id, position);
  return rows.find((row) => row.id === photoId) ?? null;
}

/** The bytes of one photo of a trade (of line `position` when given); null when there is none. */
export async function sellerPhotoBytes(
  deps: SellerPhotoDeps,
  trade: PhotoTrade,
  position: number | undefined,
  photoId: string,
): Promise<Uint8Array | null> {
  const row = await photoRow(deps.db, trade, position, photoId);
  return row === null ? null : deps.storage.get(row.storageKey);
}

/**
 * Removes one photo before shipping: the row under the trade's lock, then the bytes (left behind
 * when the store cannot be reached). Answers false when the line has no photo of that id.
 */
export async function deleteSellerPhoto(
  deps: SellerPhotoDeps,
  trade: PhotoTrade,
  position: number,
  photoId: string,
): Promise<boolean> {
  if (trade.status !== editableStatus) throw tradeShipped(trade);
  const storageKey = await deps.db.transaction().execute(async (trx) => {
    await lockEditableTrade(trx, trade);
    const row = await photoRow(trx, trade, position, photoId);
    if (row === null) return null;
    await trx.deleteFrom('seller_photos').where('id', '=', row.id).execute();
    return row.storageKey;
  });
  if (storageKey === null) return false;
  // The row is gone, so the photo is: bytes the store cannot remove now stay behind, unnamed.
  await deps.storage.delete(storageKey).catch(() => undefined);
  return true;
}

/** The seller's photos of a trade per line position, each as `describe` makes it. */
export async function sellerPhotosByLine<T>(
  db: TradeDb,
  tradeId: number,
  describe: (photo: { id: string; storageKey: string }) => T,
): Promise<Map<number, T[]>> {
  const byLine = new Map<number, T[]>();
  for (const row of await photoRows(db, tradeId)) {
    byLine.set(row.position, [...(byLine.get(row.position) ?? []), describe(row)]);
  }
  return byLine;
}
