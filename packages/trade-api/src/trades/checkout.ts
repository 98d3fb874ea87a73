import { randomUUID } from 'node:crypto';
import {
  apiErrorCode,
  normalizeIban,
  normalizeVatId,
  type ApiFieldError,
  type CheckoutRequest,
  type CreatedTrade,
} from '@tradein/contract';
import { getEdition, isB2BMode, payPalPaymentMethod } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { enqueueTradeConfirmationMail, sendTradeMailsNow } from '../jobs/trade-mail-jobs.ts';
import { HttpError } from '../server/http-error.ts';
import { bookB2BTrade, checkB2BCap } from './b2b-cap.ts';
import {
  checkoutRequestHash,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyClaim,
} from './checkout-idempotency.ts';
import { admitGuestCheckout } from './guest-checkout.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { afterSaleOf } from './after-sale.ts';
import { releaseGuestTradeMail } from './trade-mail-cap.ts';
import { createTradeMailboxProof } from './trade-mailbox-proof.ts';
import { loadTrade, tradeView } from './trade-view.ts';
import { applyVoucher, bookVoucherUse, type AppliedVoucher } from './vouchers.ts';

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

/**
 * Checks rules the schema cannot know: B2B availability in the edition, the company of a B2B
 * sale, that a VAT ID comes with a B2B sale only, and the address country.
 */
function checkEditionRules(request: CheckoutRequest): void {
  const fields: ApiFieldError[] = [];
  if (request.vatId !== undefined && !isB2BMode(request.shopMode)) {
    // A consumer sells as a private person: a VAT ID on its trade would print a company's
    // number on a private person's credit note.
    fields.push({ path: 'vatId', message: 'A VAT ID belongs to a business sale only' });
  }
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

/** The answer of a stored trade, made in its transaction. */
async function answerOf(
  deps: TradeRouteDeps,
  db: TradeDb,
  tradeNumber: string,
  accountClaim: string | null,
  now: Date,
): Promise<CreatedTrade> {
  const record = await loadTrade(db, tradeNumber);
  if (record === null) throw new Error(`Trade ${tradeNumber} vanished during checkout`);
  return {
    ...(await tradeView(db, record)),
    afterSale: await afterSaleOf(db, deps.config, record, now),
    accountClaim,
  };
}

/**
 * Checks out a cart for a customer: one trade with its lines, in one transaction. Offers must
 * exist, be unexpired, unused and of the checkout's edition; B2B trades are capped (§9); the
 * voucher adds its bonus. A guest must have given its details, and its trade mails are capped
 * per address and per `client` (the client's IP address). The confirmation mail (with the
 * shipping label, for a guest with the link that proves the mailbox) is a job written in the
 * same transaction, sent right after the commit by this node and otherwise by any node's worker.
 * The answer gives a guest the account claim of its trade (null for a registered customer).
 *
 * With an `idempotencyKey` the checkout runs once per customer and key for 24 hours: a retry
 * with the same body gets the first checkout's answer (see `checkout-idempotency.ts`).
 */
export async function checkout(
  deps: TradeRouteDeps,
  customerId: string,
  request: CheckoutRequest,
  client: string,
  idempotencyKey?: string,
): Promise<CreatedTrade> {
  checkEditionRules(request);
  if (idempotencyKey === undefined) return storeTrade(deps, customerId, request, client);
  const outcome = await claimIdempotencyKey(deps.db, {
    customerId,
    key: idempotencyKey,
    requestHash: checkoutRequestHash(request),
    now: deps.clock(),
    jwtSecret: deps.config.jwtSecret,
    answerOf: async (tradeId) => {
      const trade = await deps.db
        .selectFrom('trades')
        .select('trade_number')
        .where('id', '=', tradeId)
        .executeTakeFirstOrThrow();
      // The one-time account claim is gone with the answer that could not be opened.
      return answerOf(deps, deps.db, trade.trade_number, null, deps.clock());
    },
  });
  if (outcome.kind === 'replay') return outcome.answer;
  try {
    return await storeTrade(deps, customerId, request, client, outcome.claim);
  } catch (error) {
    // Nothing was stored: the key is free for a retry. Should this fail, the claim lapses.
    await releaseIdempotencyKey(deps.db, outcome.claim).catch(() => undefined);
    throw error;
  }
}

/** Stores the trade of a checkout and answers it; with a claim, completes the claim with it. */
async function storeTrade(
  deps: TradeRouteDeps,
  customerId: string,
  request: CheckoutRequest,
  client: string,
  claim?: IdempotencyClaim,
): Promise<CreatedTrade> {
  const now = deps.clock();
  const at = now.toISOString();
  const db = deps.db;
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'email', 'is_guest'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (customer === undefined) {
    throw new HttpError(
      401,
      apiErrorCode.unauthorized,
      'The customer of this token no longer exists',
    );
  }
  const guestMail = await admitGuestCheckout(deps, customer, {
    edition: request.edition,
    shopMode: request.shopMode,
    client,
    now,
  });
  const stored = await db
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
      const b2bPartner = isB2BMode(request.shopMode)
        ? await checkB2BCap(trx, {
            email: customer.email,
            edition: request.edition,
            totalCents: total,
            now,
          })
        : null;

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
          vat_id: request.vatId === undefined ? null : normalizeVatId(request.vatId),
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
      if (b2bPartner !== null) await bookB2BTrade(trx, b2bPartner, inserted.id, at);
      if (voucher !== null) {
        await bookVoucherUse(trx, voucher, {
          email: customer.email,
          tradeId: inserted.id,
          edition: request.edition,
          shopMode: request.shopMode,
          at,
        });
      }
      const proof =
        guestMail === null
          ? null
          : await createTradeMailboxProof(trx, {
              tradeId: inserted.id,
              email: customer.email,
              now,
            });
      await enqueueTradeConfirmationMail(trx, { id: inserted.id, tradeNumber: number }, at);
      const answer = await answerOf(deps, trx, number, proof?.accountClaim ?? null, now);
      if (claim !== undefined) {
        await completeIdempotencyKey(trx, claim, {
          tradeId: inserted.id,
          answer,
          jwtSecret: deps.config.jwtSecret,
        });
      }
      return { tradeId: inserted.id, answer };
    })
    .catch(async (error: unknown) => {
      // No trade was stored, so its mail must not count against the caps.
      if (guestMail !== null) await releaseGuestTradeMail(db, guestMail.claimId);
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

  // The seller expects the mail at once: send it now. Its job is the guarantee: a failed
  // send, or a node that stops right here, leaves it to the workers of all nodes.
  await sendTradeMailsNow(
    { db, mailer: deps.mailer, clock: deps.clock, links: deps.config },
    { id: stored.tradeId },
  );
  if (request.newsletterOptIn === true && deps.newsletterOptIn !== undefined) {
    // The trade stands whatever happens to the opt-in mail; a failed mail is in mail_log.
    await deps
      .newsletterOptIn({ email: customer.email, edition: request.edition })
      .catch(() => undefined);
  }
  return stored.answer;
}
