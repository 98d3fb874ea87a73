import type {
  ClarificationLine,
  ClarificationLineDecision,
  ClarificationView,
} from '@tradein/contract';

/*
 * What the customer's choices on the clarification page mean for the payout, before they are
 * sent. The trade API decides the final amounts; these figures only follow the choices while
 * the customer makes them (docs/trades.md, "Clarification per device").
 */

/** The customer's choice per open line, by position; a line without a choice is not there. */
export type DecisionChoices = Readonly<Partial<Record<number, ClarificationLineDecision>>>;

/** Whether a line waits for the customer: it has a revised offer and no decision yet. */
export function isOpenLine(line: ClarificationLine): boolean {
  return line.offerId !== null && line.decision === null;
}

/** The lines the customer decides on the page: none unless the clarification is open. */
export function openLines(view: ClarificationView): ClarificationLine[] {
  return view.state === 'open' ? view.lines.filter(isOpenLine) : [];
}

/** The payout that the choices lead to. */
export interface ChosenPayout {
  /** Σ revised price × quantity of the devices we keep (every line not returned). */
  devicesCents: number;
  /**
   * The payout with the voucher bonus, or null while it cannot be known here: a device sent
   * back lowers the items total, and the trade API recomputes the voucher's bonus on what is left
   * (a percentage, or nothing below the voucher's minimum).
   */
  totalCents: number | null;
  /** The voucher bonus as it stands with every open line accepted; 0 without a voucher. */
  voucherBonusCents: number;
  /** Lines the customer gets back, by the choices or by an earlier decision. */
  returned: ClarificationLine[];
  /** Whether anything is paid: at least one device stays with us. */
  paysOut: boolean;
  /** Open lines without a choice yet (they count as accepted in the figures). */
  undecided: number;
}

/** The price of a whole line at its revised price (quantity × price per piece). */
export function revisedLineCents(line: ClarificationLine): number {
  return line.revisedPriceCents * line.quantity;
}

/**
 * The payout of a clarification with the customer's choices for its open lines. Undecided lines
 * count as accepted, as the view's `revisedTotalCents` does; a choice for a line that is not
 * open is ignored.
 */
export function chosenPayout(view: ClarificationView, choices: DecisionChoices): ChosenPayout {
  const open = new Set(openLines(view).map((line) => line.position));
  const returnsLine = (line: ClarificationLine) =>
    line.decision === 'return' || (open.has(line.position) && choices[line.position] === 'return');
  const returned = view.lines.filter(returnsLine);
  const kept = view.lines.filter((line) => !returnsLine(line));
  const devicesCents = kept.reduce((sum, line) => sum + revisedLineCents(line), 0);
  // The view's total already leaves out lines returned earlier; only new returns move it. Then a
  // bonus of 0 stays 0 (voucher bonuses only grow with the total); any other is recomputed.
  const newlyReturned = returned.some((line) => line.decision === null);
  let totalCents: number | null = view.revisedTotalCents;
  if (newlyReturned) totalCents = view.voucherBonusCents === 0 ? devicesCents : null;
  return {
    devicesCents,
    totalCents,
    voucherBonusCents: view.voucherBonusCents,
    returned,
    paysOut: kept.length > 0,
    undecided: [...open].filter((position) => choices[position] === undefined).length,
  };
}

/** The choices a posted form names for the open lines (`decision-<position>` fields). */
export function choicesOfForm(
  view: ClarificationView,
  read: (name: string) => unknown,
): DecisionChoices {
  const choices: Partial<Record<number, ClarificationLineDecision>> = {};
  for (const line of openLines(view)) {
    const value = read(decisionFieldName(line.position));
    if (value === 'accept' || value === 'return') choices[line.position] = value;
  }
  return choices;
}

/** The name of the radio group of a line's decision. */
export function decisionFieldName(position: number): string {
  return `decision-${position}`;
}
