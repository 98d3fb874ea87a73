import { apiErrorCode } from '@tradein/contract';

/** A lifecycle step that is not allowed, or names something that does not exist. */
export class LifecycleError extends Error {
  /** `not_found` (no such trade or line) or `invalid` (wrong status or input). */
  readonly kind: typeof apiErrorCode.notFound | 'invalid';
  constructor(kind: typeof apiErrorCode.notFound | 'invalid', message: string) {
    super(message);
    this.name = 'LifecycleError';
    this.kind = kind;
  }
}

/**
 * A decision that does not fit the trade: `answered` when the trade or a named line waits for
 * no decision (any more), `decisions` when the set of decisions names a line that has no open
 * revised offer or leaves an open one out.
 */
export class ClarificationDecisionError extends LifecycleError {
  readonly problem: 'answered' | 'decisions';
  constructor(problem: 'answered' | 'decisions', message: string) {
    super('invalid', message);
    this.name = 'ClarificationDecisionError';
    this.problem = problem;
  }
}

/** The refusal of a step on a trade that does not exist. */
export function noSuchTrade(tradeNumber: string): LifecycleError {
  return new LifecycleError(apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
}

/** The refusal of a step another operator or node took on the same trade meanwhile. */
export function changedMeanwhile(tradeNumber: string): LifecycleError {
  return new LifecycleError('invalid', `Trade ${tradeNumber} changed meanwhile; try again`);
}
