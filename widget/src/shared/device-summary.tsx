import type { CartCondition, CartLine } from '@tradein/contract';
import type { ReactNode } from 'react';
import css from './device-summary.css?inline';
import type { FlowStep } from './flow.ts';
import { sharedStyleSheet } from './style-sheet.ts';

/** Rules of the device summary, adopted by the offer, cart and checkout steps. */
export const deviceSummaryStyleSheet: () => CSSStyleSheet = sharedStyleSheet(css);

/**
 * The device as a seller tells it from its siblings: the name with its variant ("iPhone 13
 * 256 GB"). Catalogue names usually carry the variant already; it is added only when not.
 */
export function deviceTitle(name: string, variant: string | undefined): string {
  if (variant === undefined || variant.trim() === '' || name.includes(variant)) return name;
  return `${name} ${variant}`;
}

/**
 * "Change answers" of a cart line: its device's questions with its answers, the first question
 * on view; the new offer takes the line's place. Undefined for lines stored without them.
 */
export function changeAnswersStep(line: CartLine): FlowStep | undefined {
  if (line.deviceUrl === undefined || line.answers === undefined) return undefined;
  return {
    screen: 'questions',
    deviceUrl: line.deviceUrl,
    answers: line.answers,
    question: 0,
    replacesOfferId: line.offerId,
  };
}

/**
 * The answers an offer was priced with, question → answer, folded into a disclosure so a line
 * stays short. `label` is the disclosure's summary (each step words it in its own catalog).
 */
export function DeviceConditions({
  conditions,
  label,
}: {
  conditions: readonly CartCondition[] | undefined;
  label: ReactNode;
}) {
  if (conditions === undefined || conditions.length === 0) return null;
  return (
    <details className="device-conditions" part="conditions">
      <summary className="device-conditions-summary">{label}</summary>
      <dl className="device-conditions-list">
        {conditions.map((condition, index) => (
          <div key={index} className="device-condition">
            <dt>{condition.question}</dt>
            <dd>{condition.answer}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
