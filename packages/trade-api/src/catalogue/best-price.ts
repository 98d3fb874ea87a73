import { applyFactors, factorToBasisPoints } from '../trades/offer-pricing.ts';

/** The prices of one device in one edition, in integer cents, as offers read them. */
export interface DevicePrices {
  basePriceCents: number;
  recyclingPriceCents: number;
}

/** An answer as far as its price matters. */
interface PricedAnswer {
  priceFactor: number;
  meansDefective: boolean;
}

/**
 * The most an offer for a device can be: the highest price over every way of answering its
 * questions, computed with the offer's own arithmetic (`applyFactors`, truncated to cents).
 *
 * An offer multiplies the base price by the factor of one answer per question, unless an
 * answer means defective, which replaces the offer by the recycling price. So the best working
 * offer takes each question's highest factor among its working answers; it is the base price
 * itself while no factor exceeds 1. The recycling price competes when some answer means
 * defective, and is the only price left when a question can only be answered "defective".
 */
export function bestPriceCents(
  prices: DevicePrices,
  questions: readonly { answers: readonly PricedAnswer[] }[],
): number {
  const bestFactors: number[] = [];
  let canBeDefective = false;
  let canWork = true;
  for (const { answers } of questions) {
    if (answers.length === 0) continue;
    let best: number | undefined;
    for (const answer of answers) {
      if (answer.meansDefective) {
        canBeDefective = true;
        continue;
      }
      const factor = factorToBasisPoints(Number(answer.priceFactor));
      if (best === undefined || factor > best) best = factor;
    }
    if (best === undefined) canWork = false;
    else bestFactors.push(best);
  }
  const working = canWork ? applyFactors(prices.basePriceCents, bestFactors) : 0;
  return canBeDefective || !canWork ? Math.max(working, prices.recyclingPriceCents) : working;
}
