import { describe, expect, it } from 'vitest';
import { ApiHttpError, ApiRequestError, apiHttpStatus, refusedFields } from './api-errors.ts';

const target = { method: 'POST', path: '/api/contact/messages' };

describe('apiHttpStatus', () => {
  it('reads the status of an HTTP error', () => {
    expect(apiHttpStatus(new ApiHttpError(target, 429, undefined))).toBe(429);
  });

  it('knows the HTTP error of another copy of the client (by name, not class)', () => {
    class ApiHttpErrorOfAnotherBundle extends Error {
      override readonly name = 'ApiHttpError';
      readonly status = 400;
    }
    expect(apiHttpStatus(new ApiHttpErrorOfAnotherBundle('HTTP 400'))).toBe(400);
  });

  it.each([
    ['a request error', new ApiRequestError(target, [])],
    ['a plain error', new Error('HTTP 500')],
    ['an error named so without a status', Object.assign(new Error('x'), { name: 'ApiHttpError' })],
    ['a thrown object', { name: 'ApiHttpError', status: 429 }],
    ['nothing', undefined],
  ])('is undefined for %s', (_case, error) => {
    expect(apiHttpStatus(error)).toBeUndefined();
  });
});

describe('refusedFields', () => {
  const fields = [{ path: 'address.zip', message: 'Postal code "1" is not valid in de' }];

  it('reads the fields of a 400 answer', () => {
    const answer = {
      error: { code: 'validation_failed', message: 'The request is not valid', fields },
    };
    expect(refusedFields(new ApiHttpError(target, 400, answer))).toEqual(fields);
    expect(refusedFields(new ApiHttpError(target, 409, answer))).toEqual([]);
    expect(refusedFields(new ApiHttpError(target, 400, undefined))).toEqual([]);
  });

  it('reads the body issues of a request the client refused, at their paths in the body', () => {
    const error = new ApiRequestError(target, [
      { path: 'body.address.zip', message: 'Postal code "1" is not valid in de' },
      { path: 'body', message: 'Expected an object' },
      { path: 'headers.token', message: 'Token must be non-empty' },
    ]);
    expect(refusedFields(error)).toEqual([...fields, { path: '', message: 'Expected an object' }]);
  });

  it('knows the errors of another copy of the client (by name, not class)', () => {
    const answer = { error: { code: 'validation_failed', message: 'x', fields } };
    const copy = Object.assign(new Error('HTTP 400'), {
      name: 'ApiHttpError',
      status: 400,
      body: answer,
    });
    expect(refusedFields(copy)).toEqual(fields);
  });

  it('is empty for anything else', () => {
    expect(refusedFields(new Error('offline'))).toEqual([]);
    expect(refusedFields({ name: 'ApiHttpError', status: 400 })).toEqual([]);
  });
});
