import { Trans } from '@lingui/react/macro';
import { editionCodes, shopModes } from '@tradein/editions/client';
import {
  historyModes,
  startSteps,
  trackingConsentValues,
  type WidgetProblem,
} from './widget-attributes.ts';

const allowedValues: Partial<Record<WidgetProblem['attribute'], readonly string[]>> = {
  edition: editionCodes,
  mode: shopModes,
  step: startSteps,
  history: historyModes,
  'tracking-consent': trackingConsentValues,
};

function ProblemText({ problem }: { problem: WidgetProblem }) {
  const attribute = problem.attribute;
  const value = problem.value ?? '';
  switch (problem.reason) {
    case 'missing':
      return <Trans>The attribute “{attribute}” is missing.</Trans>;
    case 'invalid':
      return (
        <Trans>
          “{value}” is not a valid value for the attribute “{attribute}”.
        </Trans>
      );
    case 'b2b-unavailable':
      return <Trans>The mode “{value}” is available only in the German edition.</Trans>;
  }
}

/** A visible, localized list of what is wrong with the element's attributes. */
export function ConfigurationError({ problems }: { problems: readonly WidgetProblem[] }) {
  return (
    <div className="root" part="root">
      <div className="alert" part="alert" role="alert">
        <p className="alert-title">
          <Trans>The trade-in widget cannot start.</Trans>
        </p>
        <ul className="alert-list">
          {problems.map((problem) => {
            const allowedList = allowedValues[problem.attribute]?.join(', ');
            return (
              <li key={`${problem.attribute}:${problem.reason}`}>
                <ProblemText problem={problem} />
                {problem.reason === 'invalid' && allowedList !== undefined ? (
                  <>
                    {' '}
                    <Trans>Allowed values: {allowedList}.</Trans>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/** The one console message per invalid configuration, for the partner's developers. */
export function describeProblems(problems: readonly WidgetProblem[]): string {
  const lines = problems.map((problem) =>
    problem.reason === 'missing'
      ? `attribute "${problem.attribute}" is missing`
      : problem.reason === 'b2b-unavailable'
        ? `mode "${problem.value ?? ''}" needs an edition with B2B (de)`
        : `attribute "${problem.attribute}" has the invalid value "${problem.value ?? ''}"`,
  );
  return `<tradein-widget> cannot start: ${lines.join('; ')}.`;
}
