import { msg } from '@lingui/core/macro';
import { apiErrorCode } from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { HttpError } from '../server/http-error.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { claimGuestTradeMail, defaultTradeMailLimits } from './trade-mail-cap.ts';

/** The checkout's customer as the guest rules read it. */
interface CheckoutCustomer {
  email: string;
  is_guest: number;
}

/** A guest checkout that may mail its trade: the claim to release when no trade is stored. */
export interface GuestTradeMail {
  claimId: number;
}

/**
 * The rules a guest checkout passes before anything is stored (docs/accounts.md, "Guests";
 * docs/trades.md, "Guest checkouts"): the guest has given e-mail address and name
 * (`guest_account_number`), else 409 `guest_details_missing`, and the trade mail to that address
 * is within the caps per address and per client, else 429 `too_many_requests`. Registered
 * customers pass without a claim (null): their mails go to their own proven address.
 */
export async function admitGuestCheckout(
  deps: TradeRouteDeps,
  customer: CheckoutCustomer,
  checkout: { edition: EditionCode; shopMode?: ShopMode; client: string; now: Date },
): Promise<GuestTradeMail | null> {
  if (customer.is_guest !== 1) return null;
  if (customer.email.trim() === '') {
    const i18n = i18nForEdition(checkout.edition, checkout.shopMode);
    throw new HttpError(
      409,
      apiErrorCode.guestDetailsMissing,
      i18n._(msg`Please give your e-mail address and name before you sell as a guest.`),
    );
  }
  const claimId = await claimGuestTradeMail(deps.db, {
    email: customer.email,
    client: checkout.client,
    edition: checkout.edition,
    shopMode: checkout.shopMode,
    now: checkout.now,
    limits: { ...defaultTradeMailLimits, ...deps.mailLimits },
  });
  return { claimId };
}
