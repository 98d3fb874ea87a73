import {
  $cartTotal,
  $checkout,
  lineAmount,
  removeFromCart,
  setQuantity,
  type CheckoutResult,
} from '@tradein/client-core';
import { apiErrorCode, maxTradeQuantity, type CartCondition } from '@tradein/contract';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { changeAnswersStep, deviceTitle } from '../../shared/device-summary.tsx';
import type { FlowStep } from '../../shared/flow.ts';

/** One cart line as the cart screen shows it. */
export interface CartLineView {
  readonly offerId: string;
  /** The device with its variant ("iPhone 13 256 GB"). */
  readonly name: string;
  /** The answers the offer was priced with, as texts; empty for lines stored without them. */
  readonly conditions: readonly CartCondition[];
  /** The questions again with this line's answers, replacing it; undefined for older lines. */
  readonly changeAnswers: FlowStep | undefined;
  readonly quantity: number;
  /** Price × quantity, truncated to whole cents (§3). */
  readonly amountCents: number;
  /** Whether one more piece may be added (the checkout takes at most 99 per line). */
  readonly canIncrease: boolean;
}

/** Why the last cart change was refused; the screen words it. */
export type CartNotice =
  { readonly kind: 'cap'; readonly capCents: number } | { readonly kind: 'invalid' };

/** The cart of one element: a view of the shared checkout store plus this element's notice. */
export interface CartStore {
  readonly $lines: ReadableAtom<readonly CartLineView[]>;
  /** Sum of the truncated line amounts, in cents. */
  readonly $totalCents: ReadableAtom<number>;
  /** When the cart's earliest offer ends (epoch ms), or null for an empty cart. */
  readonly $expiresAt: ReadableAtom<number | null>;
  /** The refused change, until the next change succeeds. */
  readonly $notice: ReadableAtom<CartNotice | null>;
  /** One more piece of a line; refused above the B2B cap. */
  increase(offerId: string): void;
  /** One piece less; never below 1 (removing is its own action). */
  decrease(offerId: string): void;
  remove(offerId: string): void;
}

function quantityOf(offerId: string): number | undefined {
  return $checkout.get().cart.find((line) => line.offerId === offerId)?.quantity;
}

/**
 * Creates the cart view of one element. The lines live in the client core's persisted checkout
 * store (one cart per browser, like the shop's); the notice of a refused change is per element.
 */
export function createCartStore(): CartStore {
  const $notice = atom<CartNotice | null>(null);
  const $lines = computed($checkout, (state) =>
    state.cart.map((line) => ({
      offerId: line.offerId,
      name: deviceTitle(line.name, line.variant),
      conditions: line.conditions ?? [],
      changeAnswers: changeAnswersStep(line),
      quantity: line.quantity,
      amountCents: lineAmount(line.price, line.quantity),
      canIncrease: line.quantity < maxTradeQuantity,
    })),
  );
  const $expiresAt = computed($checkout, (state) =>
    state.cart.length === 0 ? null : state.cartExpiry,
  );

  const apply = (result: CheckoutResult) => {
    if (result.ok) $notice.set(null);
    else if (result.error.code === apiErrorCode.b2bCapExceeded) {
      $notice.set({ kind: 'cap', capCents: result.error.capCents });
    } else $notice.set({ kind: 'invalid' });
  };

  return {
    $lines,
    $totalCents: $cartTotal,
    $expiresAt,
    $notice,
    increase(offerId) {
      const quantity = quantityOf(offerId);
      if (quantity !== undefined && quantity < maxTradeQuantity) {
        apply(setQuantity(offerId, quantity + 1));
      }
    },
    decrease(offerId) {
      const quantity = quantityOf(offerId);
      if (quantity !== undefined && quantity > 1) apply(setQuantity(offerId, quantity - 1));
    },
    remove(offerId) {
      apply(removeFromCart(offerId));
    },
  };
}
