import { apiErrorCode } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../server/http-error.ts';
import { lifecycleErrorAnswer } from './lifecycle-answers.ts';
import {
  changedMeanwhile,
  ClarificationDecisionError,
  LifecycleError,
  noSuchTrade,
} from './lifecycle-errors.ts';

/** The status, code and fields an error is answered with. */
function answerOf(error: Error) {
  const answer = lifecycleErrorAnswer(error);
  if (!(answer instanceof HttpError)) throw new Error(`${error.name} is answered unchanged`);
  return { status: answer.statusCode, code: answer.code, fields: answer.fields };
}

describe('the HTTP answer to a refused lifecycle step', () => {
  // Every route that runs a lifecycle step answers through this one table.
  it.each([
    [
      'a decision on something decided already',
      new ClarificationDecisionError('answered', 'Device 1 has been decided already'),
      409,
      apiErrorCode.clarificationAnswered,
    ],
    ['a missing trade', noSuchTrade('T-2026-000001'), 404, apiErrorCode.notFound],
    [
      'a missing line',
      new LifecycleError(apiErrorCode.notFound, 'Trade T-2026-000001 has no item 3'),
      404,
      apiErrorCode.notFound,
    ],
    [
      'a step the status does not allow',
      new LifecycleError('invalid', 'Trade T-2026-000001 is paid; it cannot become returned'),
      409,
      apiErrorCode.invalidStatus,
    ],
    [
      'a step taken meanwhile elsewhere',
      changedMeanwhile('T-2026-000001'),
      409,
      apiErrorCode.invalidStatus,
    ],
  ])('answers %s', (_case, error, status, code) => {
    expect(answerOf(error)).toEqual({ status, code, fields: undefined });
  });

  it('answers decisions that do not fit the open devices as a 400 on the decisions', () => {
    const error = new ClarificationDecisionError('decisions', 'Decide for every open device');
    expect(answerOf(error)).toEqual({
      status: 400,
      code: apiErrorCode.validationFailed,
      fields: [{ path: 'decisions', message: 'Decide for every open device' }],
    });
  });

  it('keeps the message of the step for the client', () => {
    const answer = lifecycleErrorAnswer(changedMeanwhile('T-2026-000001'));
    expect((answer as HttpError).message).toBe('Trade T-2026-000001 changed meanwhile; try again');
  });

  it('hands any other error on unchanged', () => {
    const other = new Error('disk full');
    expect(lifecycleErrorAnswer(other)).toBe(other);
  });
});
