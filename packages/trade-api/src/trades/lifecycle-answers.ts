import { apiErrorCode } from '@tradein/contract';
import { HttpError } from '../server/http-error.ts';
import { ClarificationDecisionError, LifecycleError } from './lifecycle-errors.ts';

/**
 * The HTTP answer to a lifecycle step the trade does not take, the same on every route that
 * runs one: a set of decisions that does not fit the open lines is a 400 on `decisions`, a
 * decision on something decided already a 409 `clarification_answered`, a missing trade or line
 * a 404, and any other refused step (wrong status, a step taken meanwhile) a 409
 * `invalid_status`. Anything that is no lifecycle error is answered unchanged.
 */
export function lifecycleErrorAnswer(error: unknown): unknown {
  if (error instanceof ClarificationDecisionError) {
    return error.problem === 'decisions'
      ? new HttpError(400, apiErrorCode.validationFailed, error.message, [
          { path: 'decisions', message: error.message },
        ])
      : new HttpError(409, apiErrorCode.clarificationAnswered, error.message);
  }
  if (error instanceof LifecycleError) {
    return error.kind === apiErrorCode.notFound
      ? new HttpError(404, apiErrorCode.notFound, error.message)
      : new HttpError(409, apiErrorCode.invalidStatus, error.message);
  }
  return error;
}
