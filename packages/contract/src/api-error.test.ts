import * as z from 'zod/mini';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues, apiErrorSchema, readApiError, apiErrorCode } from './api-error.ts';
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
    expect(body.error.code).toBe(apiErrorCode.validationFailed);
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

/** What the schema makes of a value: the parsed answer, or undefined when it does not match. */
function bySchema(value: unknown) {
  const result = apiErrorSchema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** Strings near the limits of the rules, so both sides of each limit are tried. */
const edgyText = fc.oneof(
  fc.constantFrom('', 'a', 'not_found', 'Not Found', '9lives', 'x'.repeat(64), 'x'.repeat(65)),
  fc.constantFrom('m'.repeat(500), 'm'.repeat(501), 'm'.repeat(2000), 'm'.repeat(2001)),
  fc.string({ maxLength: 12 }),
);
const edgyValue = fc.oneof(
  edgyText,
  fc.constantFrom(null, 0, true, [], {}),
  fc.array(edgyText, { maxLength: 2 }),
);
const fieldValue = fc.oneof(
  fc.record(
    { path: edgyValue, message: edgyValue, extra: edgyValue },
    { requiredKeys: ['path', 'message'] },
  ),
  edgyValue,
);
const errorValue = fc.record(
  {
    code: edgyValue,
    message: edgyValue,
    fields: fc.oneof(fc.array(fieldValue, { maxLength: 3 }), edgyValue),
    extra: edgyValue,
  },
  { requiredKeys: [] },
);
const answerValue = fc.oneof(fc.record({ error: fc.oneof(errorValue, edgyValue) }), edgyValue);

describe('readApiError', () => {
  it.each([
    { error: { code: 'not_found', message: 'Device not found' } },
    {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path: '', message: 'Expected an object' }],
      },
    },
  ])('reads %j as the schema does', (body) => {
    expect(readApiError(body)).toEqual(body);
  });

  it('drops unknown keys at every level', () => {
    expect(
      readApiError({
        error: { code: 'x', message: 'y', fields: [{ path: 'a', message: 'b', hint: 1 }], id: 2 },
        trace: 'z',
      }),
    ).toEqual({ error: { code: 'x', message: 'y', fields: [{ path: 'a', message: 'b' }] } });
  });

  it.each([
    ['a bare message', { message: 'Not found' }],
    ['a code with spaces', { error: { code: 'Not Found', message: 'Not found' } }],
    ['an empty message', { error: { code: 'not_found', message: '' } }],
    ['fields that are no list', { error: { code: 'x', message: 'y', fields: {} } }],
    ['a field without message', { error: { code: 'x', message: 'y', fields: [{ path: 'a' }] } }],
    ['an array', [{ error: { code: 'x', message: 'y' } }]],
  ])('rejects %s', (_name, body) => {
    expect(readApiError(body)).toBeUndefined();
  });

  it('agrees with apiErrorSchema on every value', () => {
    fc.assert(
      fc.property(answerValue, (value) => {
        expect(readApiError(value)).toEqual(bySchema(value));
      }),
      { numRuns: 2000 },
    );
  });
});
