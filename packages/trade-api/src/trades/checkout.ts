import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import {
  addressInputSchema,
  apiErrorCode,
  normalizeIban,
  type AddressInput,
  type ApiFieldError,
  type CheckoutRequest,
  type Trade,
} from '@tradein/contract';
import {
  b2bTradeCapCents,
  formatMoney,
  getEdition,
  isB2BMode,
  payPalPaymentMethod,
  type EditionCode,
} from '@tradein/editions';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import { renderShippingLabel } from './shipping-label.ts';
import type { TradeDeps } from './trade-deps.ts';
import { sendTradeConfirmation } from './trade-mail.ts';
import { loadTrade, tradeView, type TradeRecord } from './trade-view.ts';
import { applyVoucher, type AppliedVoucher } from './vouchers.ts';

/** The human-readable trade number of a trade id in a year: `T-2026-000123`. */
function formatTradeNumber(year: number, tradeId: number): string {
  return `T-${year}-${String(tradeId).padStart(6, '0')}`;
}

function fieldError(fields: ApiFieldError[]): HttpError {
  return new HttpError(
    400,
    apiErrorCode.validationFailed,
    fields.map((field) => `${field.path}: ${field.message}`).join('; '),
    fields,
  );
}

/** The lines of an address as printed on a label. */
function addressLines(address: AddressInput): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    ...(address.company ? [address.company] : []),
    `${address.street} ${address.houseNumber}`,
    ...(address.addressAddition ? [address.addressAddition] : []),
    `${address.zip} ${address.city}`,
    address.country.toUpperCase(),
  ];
}

/** Reads the address stored with a trade. */
function parseAddressSnapshot(json: string): AddressInput | null {
  const parsed = addressInputSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/**
 * Checks rules the schema cannot know: B2B availability in the edition, the company of a B2B
 * sale, and the address country.
 */
function checkEditionRules(request: CheckoutRequest): void {
  const fields: ApiFieldError[] = [];
  if (isB2BMode(request.shopMode)) {
    if (!getEdition(request.edition).hasB2B) {
      fields.push({ path: 'shopMode', message: `Edition ${request.edition} has no B2B mode` });
    } else if ((request.address.company ?? '').trim() === '') {
      // A business sale is paid to and invoiced for a company: its name must be on the trade.
      fields.push({ path: 'address.company', message: 'A business sale needs the company name' });
    }
  }
  if (request.address.country !== request.edition) {
    fields.push({
      path: 'address.country',
      message: `Edition ${request.edition} ships from ${request.edition} only`,
    });
  }
  if (fields.length > 0) throw fieldError(fields);
}

/** The B2B cap message in the edition's language (§9). */
function b2bCapError(edition: EditionCode, totalCents: number): HttpError {
  const i18n = i18nForEdition(edition);
  const cap = formatMoney(edition, b2bTradeCapCents);
  const total = formatMoney(edition, totalCents);
  const message = i18n._(
    msg`A business trade may be worth at most ${cap}. This cart is worth ${total}: please split it into several trades.`,
  );
  return new HttpError(422, apiErrorCode.b2bCapExceeded, message, [{ path: 'offers', message }]);
}

/** The payout account as stored with the trade. */
function payoutDetails(request: CheckoutRequest): string {
  const payout = request.payout;
  if (payout.paymentType === payPalPaymentMethod) {
    return JSON.stringify({ email: payout.email });
  }
  return JSON.stringify({
    accountHolder: payout.accountHolder,
    iban: normalizeIban(payout.iban ?? ''),
    ...(payout.bic ? { bic: payout.bic.toUpperCase() } : {}),
  });
}

/**
 * Checks out a cart for a customer: one trade with its lines, in one transaction. Offers must
 * exist, be unexpired, unused and of the checkout's edition; B2B trades are capped (§9); the
 * voucher adds its bonus. Afterwards the confirmation mail goes out with the shipping label.
 */
export async function checkout(
  deps: TradeDeps,
  customerId: string,
  request: CheckoutRequest,
): Promise<Trade> {
  checkEditionRules(request);
  const now = deps.clock();
  const at = now.toISOString();
  const db = deps.db;
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (customer === undefined) {
    throw new HttpError(
      401,
      apiErrorCode.unauthorized,
      'The customer of this token no longer exists',
    );
  }

  const tradeNumber = await db
    .transaction()
    .execute(async (trx) => {
      const ids = request.offers.map((line) => line.offerId);
      const offers = await trx
        .selectFrom('offers')
        .innerJoin('devices', 'devices.id', 'offers.device_id')
        .leftJoin('trade_items', 'trade_items.offer_id', 'offers.id')
        .select([
          'offers.id',
          'offers.device_id',
          'offers.edition',
          'offers.price_cents',
          'offers.valid_until',
          'devices.name',
          'trade_items.id as used_by',
        ])
        .where('offers.id', 'in', ids)
        .execute();
      const fields: ApiFieldError[] = [];
      const seen = new Set<string>();
      request.offers.forEach((line, index) => {
        const path = `offers.${index}.offerId`;
        const offer = offers.find((candidate) => candidate.id === line.offerId);
        if (seen.has(line.offerId)) {
          fields.push({
            path,
            message: 'This offer is in the cart twice; raise its quantity instead',
          });
        } else if (offer === undefined) {
          fields.push({ path, message: 'There is no such offer' });
        } else if (offer.edition !== request.edition) {
          fields.push({ path, message: `The offer belongs to edition ${offer.edition}` });
        } else if (offer.valid_until <= at) {
          fields.push({ path, message: 'The offer has expired; ask for a new one' });
        } else if (offer.used_by !== null) {
          fields.push({ path, message: 'The offer has already been traded' });
        }
        seen.add(line.offerId);
      });
      if (fields.length > 0) throw fieldError(fields);

      const lines = request.offers.map((line) => {
        const offer = offers.find((candidate) => candidate.id === line.offerId);
        if (offer === undefined) throw new Error('unreachable: offers were checked above');
        return { ...line, offer };
      });
      const itemsTotal = lines.reduce(
        (sum, line) => sum + line.offer.price_cents * line.quantity,
        0,
      );
      const voucher: AppliedVoucher | null =
        request.voucher === undefined
          ? null
          : await applyVoucher(trx, request.voucher, request.edition, now, itemsTotal);
      const total = itemsTotal + (voucher?.bonusCents ?? 0);
      if (isB2BMode(request.shopMode) && total > b2bTradeCapCents) {
        throw b2bCapError(request.edition, total);
      }

      const inserted = await trx
        .insertInto('trades')
        .values({
          // A placeholder until the generated id gives the number; never visible outside.
          trade_number: `pending-${randomUUID()}`,
          customer_id: customerId,
          edition: request.edition,
          status: 'created',
          address_snapshot: JSON.stringify(request.address),
          payment_type: request.payout.paymentType,
          payout_details: payoutDetails(request),
          voucher_code: voucher?.code ?? null,
          voucher_bonus_cents: voucher?.bonusCents ?? 0,
          total_cents: total,
          is_b2b: isB2BMode(request.shopMode) ? 1 : 0,
          partner: request.partner ?? null,
          shop_mode: request.shopMode,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const number = formatTradeNumber(now.getUTCFullYear(), inserted.id);
      await trx
        .updateTable('trades')
        .set({ trade_number: number })
        .where('id', '=', inserted.id)
        .execute();
      await trx
        .insertInto('trade_items')
        .values(
          lines.map((line) => ({
            trade_id: inserted.id,
            offer_id: line.offerId,
            device_id: line.offer.device_id,
            device_name: line.offer.name,
            quantity: line.quantity,
            price_cents: line.offer.price_cents,
            revised_price_cents: null,
            inspection_findings: null,
            photo_path: null,
          })),
        )
        .execute();
      await trx
        .updateTable('offers')
        .set({ customer_id: customerId })
        .where('id', 'in', ids)
        .execute();
      await trx
        .insertInto('trade_events')
        .values({ trade_id: inserted.id, status: 'created', note: null, created_at: at })
        .execute();
      return number;
    })
    .catch((error: unknown) => {
      // Two checkouts racing for one offer: the unique offer of trade_items lets one win.
      if (isUniqueViolation(error)) {
        throw new HttpError(
          409,
          apiErrorCode.offerAlreadyTraded,
          'An offer of this cart was traded meanwhile',
          [{ path: 'offers', message: 'An offer of this cart was traded meanwhile' }],
        );
      }
      throw error;
    });

  const record = await loadTrade(deps.db, tradeNumber);
  if (record === null) throw new Error(`Trade ${tradeNumber} vanished after checkout`);
  const label = await labelOf(record);
  await sendTradeConfirmation(deps.db, deps.mailer, now, record, customer.email, label);
  return tradeView(deps.db, record);
}

/** The shipping label PDF of a stored trade. */
export function labelOf(record: TradeRecord): Promise<Uint8Array> {
  const address = parseAddressSnapshot(record.addressSnapshot);
  return renderShippingLabel({
    edition: record.edition,
    tradeNumber: record.tradeNumber,
    sender: address === null ? [] : addressLines(address),
    deviceCount: record.items.reduce((sum, item) => sum + item.quantity, 0),
  });
}
