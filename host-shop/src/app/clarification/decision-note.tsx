import { Trans } from '@lingui/react/macro';
import type { ClarificationLine } from '@tradein/contract';

/**
 * What became of a device that waits for nothing: the customer's decision, an upward correction
 * (accepted from the start), or an offer the inspection left as it was.
 */
export function DecisionNote({ line }: { line: ClarificationLine }) {
  if (line.decision === 'return') {
    return (
      <p className="decision-note" data-decision="return">
        <Trans>You asked for this device back: we send it to you free of charge.</Trans>
      </p>
    );
  }
  if (line.direction === 'up') {
    return (
      <p className="decision-note" data-decision="accept">
        <Trans>Nothing to decide: we pay you the higher price.</Trans>
      </p>
    );
  }
  if (line.decision === 'accept' && line.offerId !== null) {
    return (
      <p className="decision-note" data-decision="accept">
        <Trans>You accepted the revised offer.</Trans>
      </p>
    );
  }
  return (
    <p className="decision-note" data-decision="none">
      <Trans>Nothing to decide: the offer for this device stays as it was.</Trans>
    </p>
  );
}
