import type { ClarificationLine, ClarificationView } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { chosenPayout, choicesOfForm, isOpenLine, openLines } from './clarification-choices.ts';

function line(position: number, overrides: Partial<ClarificationLine> = {}): ClarificationLine {
  return {
    position,
    deviceName: `Device ${position}`,
    quantity: 1,
    priceCents: 10_000,
    revisedPriceCents: 10_000,
    direction: 'same',
    reason: null,
    findings: [],
    hasInspectionPhoto: false,
    sellerPhotos: [],
    offerId: null,
    decision: null,
    ...overrides,
  };
}

function revised(position: number, revisedPriceCents: number, quantity = 1): ClarificationLine {
  return line(position, {
    quantity,
    revisedPriceCents,
    direction: revisedPriceCents < 10_000 ? 'down' : 'up',
    offerId: `00000000-0000-4000-8000-00000000000${position}`,
    decision: revisedPriceCents < 10_000 ? null : 'accept',
  });
}

/** A view whose totals are what the trade API sends: undecided lines counted as accepted. */
function view(lines: ClarificationLine[], voucherBonusCents = 0): ClarificationView {
  const kept = lines.filter((entry) => entry.decision !== 'return');
  const items = kept.reduce((sum, entry) => sum + entry.revisedPriceCents * entry.quantity, 0);
  return {
    tradeNumber: 'T-2026-000123',
    edition: 'de',
    state: lines.some(isOpenLine) ? 'open' : 'answered',
    expiresAt: '2026-03-16T09:00:00.000Z',
    lines,
    originalTotalCents: lines.reduce((sum, entry) => sum + entry.priceCents * entry.quantity, 0),
    revisedTotalCents: items + voucherBonusCents,
    voucherBonusCents,
    currency: 'EUR',
  };
}

describe('chosenPayout', () => {
  it('counts undecided and accepted devices at their revised price, with the voucher', () => {
    const page = view([revised(1, 6_000, 2), line(2), revised(3, 12_000)], 500);
    expect(chosenPayout(page, {})).toMatchObject({
      devicesCents: 34_000,
      totalCents: 34_500,
      paysOut: true,
      undecided: 1,
      returned: [],
    });
    expect(chosenPayout(page, { 1: 'accept' })).toMatchObject({ totalCents: 34_500, undecided: 0 });
  });

  it('leaves a returned device out of the total', () => {
    const page = view([revised(1, 6_000, 2), line(2)]);
    const payout = chosenPayout(page, { 1: 'return' });
    expect(payout.devicesCents).toBe(10_000);
    expect(payout.totalCents).toBe(10_000);
    expect(payout.returned.map((entry) => entry.position)).toEqual([1]);
    expect(payout.paysOut).toBe(true);
  });

  it('pays nothing when every device goes back', () => {
    const page = view([revised(1, 6_000), revised(2, 4_000)]);
    const payout = chosenPayout(page, { 1: 'return', 2: 'return' });
    expect(payout).toMatchObject({ devicesCents: 0, totalCents: 0, paysOut: false });
  });

  it('does not guess a voucher bonus that a return makes the API recompute', () => {
    const page = view([revised(1, 6_000), line(2)], 800);
    const payout = chosenPayout(page, { 1: 'return' });
    expect(payout.totalCents).toBeNull();
    expect(payout.devicesCents).toBe(10_000);
  });

  it('ignores choices for lines that are not open', () => {
    const page = view([revised(1, 6_000), revised(2, 12_000), line(3)]);
    const payout = chosenPayout(page, { 2: 'return', 3: 'return' });
    expect(payout.returned).toEqual([]);
    expect(payout.totalCents).toBe(page.revisedTotalCents);
  });

  it('keeps a decided return out of the total of an answered page', () => {
    const returnedLine = { ...revised(1, 6_000), decision: 'return' as const };
    const page = view([returnedLine, line(2)], 300);
    expect(page.state).toBe('answered');
    expect(chosenPayout(page, {})).toMatchObject({
      totalCents: 10_300,
      returned: [returnedLine],
      paysOut: true,
    });
  });
});

describe('choicesOfForm', () => {
  it('reads accept or return per open line and nothing else', () => {
    const page = view([revised(1, 6_000), revised(2, 5_000), revised(3, 12_000), line(4)]);
    expect(openLines(page).map((entry) => entry.position)).toEqual([1, 2]);
    const fields: Record<string, string> = {
      'decision-1': 'return',
      'decision-2': 'maybe',
      'decision-3': 'return',
      'decision-4': 'accept',
    };
    expect(choicesOfForm(page, (name) => fields[name])).toEqual({ 1: 'return' });
  });
});
