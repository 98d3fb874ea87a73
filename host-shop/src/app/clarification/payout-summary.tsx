import { Plural, Trans } from '@lingui/react/macro';
import type { ClarificationView } from '@tradein/contract';
import {
  formatDate,
  formatMoney,
  getClientEdition,
  payoutBusinessDays,
  type EditionCode,
} from '@tradein/editions/client';
import { middayOf, payoutDueDay } from '@tradein/editions/client';
import type { ChosenPayout } from './clarification-choices.ts';

/** The latest payout day of a trade accepted at `acceptedAt`, as the edition writes dates. */
function payoutDate(edition: EditionCode, acceptedAt: Date | string): string {
  return formatDate(
    edition,
    middayOf(payoutDueDay(acceptedAt, getClientEdition(edition).timeZone)),
  );
}

/**
 * When the payout day counts from: `choosing` while the customer decides (now, if they confirm
 * now), `answered` at a known acceptance, `unknown` when the page does not know it (a page
 * opened again later, an upward correction the inspection accepted).
 */
export type PayoutClock =
  | { kind: 'choosing'; now: Date | string }
  | { kind: 'answered'; at: Date | string }
  | { kind: 'unknown' };

/**
 * The totals of a clarification and when the money comes, for the choices made so far. While the
 * customer chooses it is a live region: each change is read out once the figures settle.
 */
export function PayoutSummary({
  view,
  edition,
  payout,
  clock,
}: {
  view: ClarificationView;
  edition: EditionCode;
  payout: ChosenPayout;
  clock: PayoutClock;
}) {
  const money = (cents: number) => formatMoney(edition, cents);
  const returnedCount = payout.returned.length;
  const { undecided } = payout;
  const live = clock.kind === 'choosing';
  return (
    <div
      className="clarification-total"
      {...(live ? { role: 'status', 'aria-live': 'polite', 'aria-atomic': true } : {})}
    >
      <dl className="facts-list">
        <dt>
          <Trans>Original total</Trans>
        </dt>
        <dd data-total="original">{money(view.originalTotalCents)}</dd>
        <dt>
          <Trans>New total</Trans>
        </dt>
        <dd data-total="new">
          <strong>
            {payout.totalCents === null ? money(payout.devicesCents) : money(payout.totalCents)}
          </strong>
        </dd>
      </dl>
      {payout.totalCents === null ? (
        <p>
          <Trans>
            Plus the voucher bonus for the devices we keep: we recalculate it when you confirm.
          </Trans>
        </p>
      ) : null}
      {payout.paysOut ? (
        <PayoutDay edition={edition} clock={clock} />
      ) : (
        <p>
          <Trans>Nothing is paid out: all devices come back to you.</Trans>
        </p>
      )}
      {returnedCount === 0 ? null : (
        <p data-returned={returnedCount}>
          <Plural
            value={returnedCount}
            one="# device comes back to you, with free return shipping."
            other="# devices come back to you, with free return shipping."
          />
        </p>
      )}
      {live && undecided > 0 ? (
        <p className="field-hint">
          <Plural
            value={undecided}
            one="# device without a decision yet is counted as accepted."
            other="# devices without a decision yet are counted as accepted."
          />
        </p>
      ) : null}
    </div>
  );
}

/** When the money arrives: 5 business days after the acceptance (docs/trades.md). */
function PayoutDay({ edition, clock }: { edition: EditionCode; clock: PayoutClock }) {
  const days = payoutBusinessDays;
  if (clock.kind === 'unknown') {
    return (
      <p>
        <Trans>The money arrives within {days} business days of the acceptance.</Trans>
      </p>
    );
  }
  const acceptedAt = clock.kind === 'choosing' ? clock.now : clock.at;
  const dueDay = payoutDueDay(acceptedAt, getClientEdition(edition).timeZone);
  const date = payoutDate(edition, acceptedAt);
  return (
    <p className="payout-day" data-payout-day={dueDay}>
      {clock.kind === 'choosing' ? (
        <Trans>
          If you confirm now, the money arrives by <time dateTime={dueDay}>{date}</time> at the
          latest ({days} business days).
        </Trans>
      ) : (
        <Trans>
          The money arrives by <time dateTime={dueDay}>{date}</time> at the latest.
        </Trans>
      )}
    </p>
  );
}

/**
 * The section of a clarification page with the new total and when the money comes (one heading,
 * the same on every page that shows it).
 */
export function ClarificationTotal(props: Parameters<typeof PayoutSummary>[0]) {
  return (
    <section className="clarification-summary" aria-labelledby="clarification-total-heading">
      <h2 id="clarification-total-heading">
        <Trans>Your new total</Trans>
      </h2>
      <PayoutSummary {...props} />
    </section>
  );
}
