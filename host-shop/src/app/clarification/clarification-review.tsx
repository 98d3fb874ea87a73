import { Trans } from '@lingui/react/macro';
import type { ClarificationLine, ClarificationView } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { chosenPayout } from './clarification-choices.ts';
import { ClarificationDevice } from './clarification-device.tsx';
import { DecisionNote } from './decision-note.tsx';
import { PayoutSummary, type PayoutClock } from './payout-summary.tsx';

/**
 * A clarification with nothing left to decide, read-only: every device with its findings and
 * what became of it, then the totals and when the money comes (answered, or an upward
 * correction that needed no answer).
 */
export function ClarificationReview({
  view,
  edition,
  photoPath,
  clock,
}: {
  view: ClarificationView;
  edition: EditionCode;
  photoPath(line: ClarificationLine): string | null;
  clock: PayoutClock;
}) {
  return (
    <>
      <ul className="clarification-devices">
        {view.lines.map((line) => (
          <ClarificationDevice
            key={line.position}
            line={line}
            edition={edition}
            photoPath={photoPath(line)}
          >
            <DecisionNote line={line} />
          </ClarificationDevice>
        ))}
      </ul>
      <section className="clarification-summary" aria-labelledby="clarification-total-heading">
        <h2 id="clarification-total-heading">
          <Trans>Your new total</Trans>
        </h2>
        <PayoutSummary
          view={view}
          edition={edition}
          payout={chosenPayout(view, {})}
          clock={clock}
        />
      </section>
    </>
  );
}
