/*
 * Offer prices in integer arithmetic. Price factors are held by the catalogue as decimals with
 * at most four places (0.92, 0.615); they are turned into basis points (9200, 6150) and the
 * price is base × Π factors / 10000ⁿ, computed with BigInt and truncated to cents, so no
 * binary floating-point rounding ever moves a price by a cent.
 */

/** Basis points in one whole factor. */
export const basisPointsPerUnit = 10_000;

/** A price factor as basis points; throws when it has more than four decimal places or is negative. */
export function factorToBasisPoints(factor: number): number {
  const basisPoints = Math.round(factor * basisPointsPerUnit);
  if (
    !Number.isFinite(factor) ||
    factor < 0 ||
    Math.abs(basisPoints - factor * basisPointsPerUnit) > 1e-6
  ) {
    throw new Error(
      `Price factor ${factor} is not a non-negative decimal with at most four places`,
    );
  }
  return basisPoints;
}

/** Base price × every factor (basis points), truncated to whole cents. */
export function applyFactors(
  basePriceCents: number,
  factorsBasisPoints: readonly number[],
): number {
  let numerator = BigInt(basePriceCents);
  let denominator = 1n;
  for (const factor of factorsBasisPoints) {
    numerator *= BigInt(factor);
    denominator *= BigInt(basisPointsPerUnit);
  }
  return Number(numerator / denominator);
}

/** One chosen answer as pricing needs it. */
export interface PricedAnswer {
  factorBasisPoints: number;
  meansDefective: boolean;
}

/** The price of a device in a condition: the recycling price when any answer means defective. */
export function offerPrice(
  prices: { basePriceCents: number; recyclingPriceCents: number },
  answers: readonly PricedAnswer[],
): { priceCents: number; recycling: boolean } {
  if (answers.some((answer) => answer.meansDefective)) {
    return { priceCents: prices.recyclingPriceCents, recycling: true };
  }
  return {
    priceCents: applyFactors(
      prices.basePriceCents,
      answers.map((answer) => answer.factorBasisPoints),
    ),
    recycling: false,
  };
}
