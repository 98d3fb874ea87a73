/*
 * What the catalogue's forms type that the calls take otherwise: euros as the staff member
 * writes them ("129", "129.90", "129,90") become whole cents.
 */

/** Cents of a euro amount typed in a form, or undefined when it is not one. */
export function centsOfEuros(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim().replace(/\s|€/g, '');
  const match = /^([0-9]{1,8})(?:[.,]([0-9]{1,2}))?$/.exec(trimmed);
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whether moving a price from `before` to `after` moves it by more than half. */
export function movesMoreThanHalf(before: number | null | undefined, after: number): boolean {
  if (before === null || before === undefined || before === 0) return false;
  return Math.abs(after - before) * 2 > before;
}

/** Whether a refusal's message is the guard against moves of more than 50 %. */
export function isLargeMoveRefusal(message: string): boolean {
  return message.includes('more than 50 %');
}
