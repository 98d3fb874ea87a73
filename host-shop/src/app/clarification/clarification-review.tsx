import type { ClarificationLine, ClarificationView } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { chosenPayout } from './clarification-choices.ts';
import { ClarificationDevices } from './clarification-device.tsx';
import { DecisionNote } from './decision-note.tsx';
import { ClarificationTotal, type PayoutClock } from './payout-summary.tsx';

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
      <ClarificationDevices
        view={view}
        edition={edition}
        photoPath={photoPath}
        renderDecision={(line) => <DecisionNote line={line} />}
      />
      <ClarificationTotal
        view={view}
        edition={edition}
        payout={chosenPayout(view, {})}
        clock={clock}
      />
    </>
  );
}
