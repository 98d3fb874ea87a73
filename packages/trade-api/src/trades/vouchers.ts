import type { EditionCode } from '@tradein/editions';
import * as z from 'zod/mini';
import { HttpError } from '../server/http-error.ts';
import { basisPointsPerUnit } from './offer-pricing.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { VouchersTable } from '../db/schema.ts';
import { apiErrorCode } from '@tradein/contract';

/** A voucher applied to a trade. */
export interface AppliedVoucher {
  code: string;
  bonusCents: number;
}

/**
 * The bonus a voucher adds to an items total: a percentage (basis points, truncated to cents)
 * or a fixed amount; 0 below the voucher's minimum items total.
 */
function voucherBonusCents(
  voucher: Pick<VouchersTable, 'kind' | 'value' | 'min_total_cents'>,
  itemsTotalCents: number,
): number {
  if (itemsTotalCents < voucher.min_total_cents) return 0;
  if (voucher.kind === 'percent') {
    return Number((BigInt(itemsTotalCents) * BigInt(voucher.value)) / BigInt(basisPointsPerUnit));
  }
  return voucher.value;
}

function voucherError(message: string): HttpError {
  return new HttpError(400, apiErrorCode.validationFailed, `voucher: ${message}`, [
    { path: 'voucher', message },
  ]);
}

const editionListSchema = z.array(z.string());

/**
 * Looks a voucher code up (case-insensitively) and checks it for the edition, the time and the
 * items total; a 400 naming `voucher` says why it does not apply.
 */
export async function applyVoucher(
  db: TradeDb,
  code: string,
  edition: EditionCode,
  now: Date,
  itemsTotalCents: number,
): Promise<AppliedVoucher> {
  const normalized = code.toUpperCase();
  const voucher = await db
    .selectFrom('vouchers')
    .selectAll()
    .where('code', '=', normalized)
    .executeTakeFirst();
  if (voucher === undefined) throw voucherError(`Voucher ${normalized} does not exist`);
  const at = now.toISOString();
  if (voucher.valid_from > at) throw voucherError(`Voucher ${normalized} is not valid yet`);
  if (voucher.valid_until !== null && voucher.valid_until <= at) {
    throw voucherError(`Voucher ${normalized} has expired`);
  }
  if (voucher.editions !== null) {
    const editions = editionListSchema.safeParse(JSON.parse(voucher.editions));
    if (!editions.success || !editions.data.includes(edition)) {
      throw voucherError(`Voucher ${normalized} is not valid in edition ${edition}`);
    }
  }
  if (itemsTotalCents < voucher.min_total_cents) {
    throw voucherError(
      `Voucher ${normalized} needs a cart worth at least ${voucher.min_total_cents} cents`,
    );
  }
  return { code: normalized, bonusCents: voucherBonusCents(voucher, itemsTotalCents) };
}

/** The bonus of a trade's voucher for a revised items total (the voucher was valid at checkout). */
export async function revisedVoucherBonus(
  db: TradeDb,
  code: string | null,
  itemsTotalCents: number,
): Promise<number> {
  if (code === null) return 0;
  const voucher = await db
    .selectFrom('vouchers')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  return voucher === undefined ? 0 : voucherBonusCents(voucher, itemsTotalCents);
}
