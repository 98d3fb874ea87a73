import type { ClarificationLine, ClarificationView } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { clarificationSellerPhotoPath, sellerPhotosByLine } from '../photos/seller-photos.ts';
import {
  devicesOf,
  findingsOf,
  isLineOpen,
  lineDecision,
  lineRevision,
  revisedItemsTotal,
  revisionDirection,
  type TradeRecord,
} from './trade-view.ts';
import { revisedVoucherBonus } from './vouchers.ts';

/**
 * The state of a clarification page: `open` while the trade waits for decisions, `info` when
 * the inspection only raised prices (nothing was ever to decide), `answered` otherwise.
 */
function pageState(record: TradeRecord): ClarificationView['state'] {
  if (record.status === 'clarification' && record.items.some((item) => isLineOpen(record, item))) {
    return 'open';
  }
  const onlyUpward = record.items.every((item) => {
    const revision = lineRevision(record, item);
    return revision === undefined || revisionDirection(item, revision) === 'up';
  });
  return onlyUpward ? 'info' : 'answered';
}

/**
 * The clarification page of a trade as its link shows it: per device the answers against the
 * findings, the original and revised price, the revised offer and its decision; the totals
 * count undecided devices as accepted and leave returned ones out.
 */
export async function clarificationView(
  db: TradeDb,
  record: TradeRecord,
  expiresAt: string,
  link: string,
): Promise<ClarificationView> {
  const devices = await devicesOf(db, record);
  // The seller's own photos, beside the findings; the link opens them as it opens the page.
  const sellerPhotos = await sellerPhotosByLine(db, record.id, (photo) =>
    clarificationSellerPhotoPath(link, record.tradeNumber, photo.id),
  );
  const lines = record.items.map((item): ClarificationLine => {
    const revision = lineRevision(record, item);
    return {
      position: item.position,
      deviceName: item.name,
      quantity: item.quantity,
      priceCents: item.priceCents,
      revisedPriceCents:
        revision === undefined ? item.priceCents : (item.revisedPriceCents ?? item.priceCents),
      direction: revision === undefined ? 'same' : revisionDirection(item, revision),
      reason: revision?.reason ?? null,
      findings: findingsOf(item, devices.get(item.deviceId) ?? null),
      hasInspectionPhoto: item.photoPath !== null,
      sellerPhotos: sellerPhotos.get(item.position) ?? [],
      offerId: revision?.revisedOfferId ?? null,
      decision: lineDecision(record, item),
    };
  });
  const itemsTotal = revisedItemsTotal(record);
  const bonus = await revisedVoucherBonus(db, record.voucherCode, itemsTotal);
  return {
    tradeNumber: record.tradeNumber,
    edition: record.edition,
    state: pageState(record),
    expiresAt,
    lines,
    originalTotalCents: record.items.reduce(
      (sum, item) => sum + item.priceCents * item.quantity,
      0,
    ),
    revisedTotalCents: itemsTotal + bonus,
    voucherBonusCents: bonus,
    currency: 'EUR',
  };
}
