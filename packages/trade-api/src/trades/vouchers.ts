import { msg } from '@lingui/core/macro';
import type { EditionCode, ShopMode } from '@tradein/editions';
import * as z from 'zod/mini';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import { basisPointsPerUnit } from './offer-pricing.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { VouchersTable } from '../db/schema.ts';
import { apiErrorCode } from '@tradein/contract';
import { customerKey } from './customer-key.ts';

/** A voucher applied to a trade. */
export interface AppliedVoucher {
  code: string;
  bonusCents: number;
  /** How often one customer may use it; null for no limit. */
  usesPerCustomer: number | null;
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
  return {
    code: normalized,
    bonusCents: voucherBonusCents(voucher, itemsTotalCents),
    usesPerCustomer: voucher.uses_per_customer,
  };
}

/** The refusal of a voucher the customer has used as often as it allows, in the edition's language. */
function usedUpError(
  edition: EditionCode,
  code: string,
  limit: number,
  shopMode?: ShopMode,
): HttpError {
  const i18n = i18nForEdition(edition, shopMode);
  const message =
    limit === 1
      ? i18n._(msg`You have already used voucher ${code}; it can be used once per customer.`)
      : i18n._(
          msg`You have already used voucher ${code} ${limit} times, as often as it can be used per customer.`,
        );
  return voucherError(message);
}

/**
 * Books one use of a voucher by a customer (the lower-case e-mail address names the customer, so
 * a guest's sessions count together) with the trade that used it, inside the checkout's
 * transaction. Uses of returned trades gave no bonus and do not count. Each use has a number per
 * voucher and customer, and the primary key on it lets only one of two parallel checkouts book
 * the same use. A customer who has used the voucher up gets a 400 on `voucher`, which rolls the
 * checkout back.
 */
export async function bookVoucherUse(
  trx: TradeDb,
  voucher: AppliedVoucher,
  booking: {
    email: string;
    tradeId: number;
    edition: EditionCode;
    shopMode?: ShopMode;
    at: string;
  },
): Promise<void> {
  const key = customerKey(booking.email);
  const earlier = await trx
    .selectFrom('voucher_uses')
    .innerJoin('trades', 'trades.id', 'voucher_uses.trade_id')
    .select((eb) => [
      eb.fn.max('voucher_uses.use_number').as('last'),
      eb.fn
        .count<number | string>(eb.case().when('trades.status', '!=', 'returned').then(1).end())
        .as('counted'),
    ])
    .where('voucher_uses.voucher_code', '=', voucher.code)
    .where('voucher_uses.customer_key', '=', key)
    .executeTakeFirstOrThrow();
  const limit = voucher.usesPerCustomer;
  if (limit !== null && Number(earlier.counted) >= limit) {
    throw usedUpError(booking.edition, voucher.code, limit, booking.shopMode);
  }
  const booked = await trx
    .insertInto('voucher_uses')
    .values({
      voucher_code: voucher.code,
      customer_key: key,
      use_number: Number(earlier.last ?? 0) + 1,
      trade_id: booking.tradeId,
      created_at: booking.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['voucher_code', 'customer_key', 'use_number']).doNothing(),
    )
    .returning('use_number')
    .executeTakeFirst();
  // A parallel checkout booked this use first: count again with its use, which refuses this
  // one when that was the last use the voucher allows, and books the next one otherwise.
  if (booked === undefined) await bookVoucherUse(trx, voucher, booking);
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
