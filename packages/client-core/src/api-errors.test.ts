import { describe, expect, it } from 'vitest';
import { ApiHttpError, ApiRequestError, apiHttpStatus } from './api-errors.ts';

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
