import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues, apiErrorSchema, validationErrorCode } from './api-error.ts';
import { issuePaths } from './test-fixtures.ts';

describe('api error body', () => {
  it.each([
    { error: { code: 'not_found', message: 'Device not found' } },
    { error: { code: 'unauthorized', message: 'Login required' } },
    {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path: 'Address.zip', message: 'Postal code "123" is not valid in de' }],
      },
    },
  ])('accepts %j', (body) => {
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['a bare message', { message: 'Not found' }, 'error'],
    ['a missing code', { error: { message: 'Not found' } }, 'error.code'],
    ['a numeric code', { error: { code: 404, message: 'Not found' } }, 'error.code'],
    ['a code with spaces', { error: { code: 'Not Found', message: 'Not found' } }, 'error.code'],
    ['an empty message', { error: { code: 'not_found', message: '' } }, 'error.message'],
    [
      'a field without message',
      { error: { code: 'validation_failed', message: 'x', fields: [{ path: 'email' }] } },
      'error.fields.0.message',
    ],
  ])('rejects %s', (_name, body, path) => {
    expect(issuePaths(apiErrorSchema, body)).toContain(path);
  });
});

describe('apiErrorFromIssues', () => {
  it('turns zod issues into a validation error naming each field by dotted path', () => {
    const schema = z.object({
      cart: z.array(z.object({ price: z.number() })),
      email: z.email('Email address is not valid'),
    });
    const result = schema.safeParse({ cart: [{ price: 1 }, { price: 'x' }], email: 'nope' });
    expect(result.success).toBe(false);
    const body = apiErrorFromIssues(result.error?.issues ?? []);
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(body.error.code).toBe(validationErrorCode);
    expect(body.error.message).toBe('The request is not valid');
    expect(body.error.fields).toEqual([
      { path: 'cart.1.price', message: expect.any(String) },
      { path: 'email', message: 'Email address is not valid' },
    ]);
  });

  it('uses the given message and the empty path for the whole body', () => {
    expect(apiErrorFromIssues([{ path: [], message: 'Expected an object' }], 'Bad body')).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Bad body',
        fields: [{ path: '', message: 'Expected an object' }],
      },
    });
  });
});
