/**
 * Money arithmetic for the cart. Amounts are euro cents. A price may carry a sub-cent fraction
 * (the spec keeps prices with more than two decimals and truncates each line), so a price is a
 * JavaScript number of cents that is not always an integer.
 *
 * Binary floating point cannot hold most decimal fractions exactly: `0.29 * 100` is
 * `28.999999999999996`, and a plain `Math.trunc(price * quantity)` would lose a cent. We therefore
 * never multiply floats. A price is first read as an exact decimal with {@link PRICE_DECIMALS}
 * digits after the cent point (rounded half-up from the shortest exact binary expansion by
 * `Number.prototype.toFixed`); anything finer is float noise by definition. The scaled price is
 * an integer held in a `bigint`, multiplied by the quantity exactly, and truncated to whole cents
 * by integer division.
 */

/** Digits after the cent point that count as a real sub-cent fraction; finer digits are float noise. */
const PRICE_DECIMALS = 6;

const SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** Reads a price in cents as an exact integer of 10^-PRICE_DECIMALS cents. */
function toScaledPrice(priceCents: number): bigint {
  if (!Number.isFinite(priceCents) || priceCents < 0) {
    throw new RangeError(`price must be a finite, non-negative number of cents, got ${priceCents}`);
  }
  // toFixed rounds the exact binary value and stays in plain notation below 1e21.
  if (priceCents >= 1e21) {
    throw new RangeError(`price is too large: ${priceCents} cents`);
  }
  const fixed = priceCents.toFixed(PRICE_DECIMALS);
  return BigInt(fixed.replace('.', ''));
}

function toSafeCents(amount: bigint, what: string): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${what} exceeds the largest exact amount of cents`);
  }
  return Number(amount);
}

function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative whole number, got ${quantity}`);
  }
}

function scaledLineAmount(priceCents: number, quantity: number): bigint {
  assertQuantity(quantity);
  // bigint division truncates; both operands are non-negative, so this is truncation to cents.
  return (toScaledPrice(priceCents) * BigInt(quantity)) / SCALE;
}

/** Amount of one cart line in whole cents: price × quantity, truncated, computed exactly. */
export function lineAmount(priceCents: number, quantity: number): number {
  return toSafeCents(scaledLineAmount(priceCents, quantity), 'line amount');
}

/** Sum of the truncated line amounts of a cart, in whole cents (0 for an empty cart). */
export function cartTotal(
  lines: ReadonlyArray<{ readonly price: number; readonly quantity: number }>,
): number {
  let total = 0n;
  for (const line of lines) total += scaledLineAmount(line.price, line.quantity);
  return toSafeCents(total, 'cart total');
}
