import { ApiHttpError, ApiRequestError, createApiClient } from '@tradein/client-core';
import { updateAddressesEndpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { addressErrorCodes } from './address-changes.ts';
import { formFieldErrors, reportedFields, writeFailureOf } from './account-write.ts';
import { phoneErrorCodes } from './phone-changes.ts';

const target = { method: 'PATCH', path: '/api/customers/addresses' };

function refusal(status: number, fields?: { path: string; message: string }[]) {
  return new ApiHttpError(target, status, {
    error: {
      code: 'validation_failed',
      message: 'The request is not valid',
      ...(fields ? { fields } : {}),
    },
  });
}

describe('formFieldErrors', () => {
  it('puts each reported field on the form’s field, with the message it shows', () => {
    expect(
      formFieldErrors(
        [
          { path: 'zip', message: 'Postal code "1" is not valid in de' },
          { path: 'street', message: 'Street must not be empty' },
        ],
        addressErrorCodes,
      ),
    ).toEqual({ zip: 'postalCode', street: 'addressLine' });
  });

  it('finds the field in a nested path, and leaves out fields the form lacks', () => {
    expect(
      formFieldErrors(
        [
          { path: 'address.houseNumber', message: 'House number must be …' },
          { path: 'country', message: 'Invalid option' },
          { path: '', message: 'Invalid input' },
        ],
        addressErrorCodes,
      ),
    ).toEqual({ houseNumber: 'houseNumber' });
    expect(
      formFieldErrors([{ path: 'phone', message: 'must be international' }], phoneErrorCodes),
    ).toEqual({
      phone: 'phone',
    });
  });

  it('does not take a field name from the object prototype', () => {
    expect(formFieldErrors([{ path: 'constructor', message: 'x' }], addressErrorCodes)).toEqual({});
  });
});

describe('reportedFields', () => {
  it('reads the fields of a 400 answer', () => {
    const fields = [{ path: 'zip', message: 'not valid' }];
    expect(reportedFields(refusal(400, fields))).toEqual(fields);
    expect(reportedFields(refusal(400))).toEqual([]);
    expect(reportedFields(refusal(404, fields))).toEqual([]);
    expect(reportedFields(new Error('offline'))).toEqual([]);
  });

  it('reads the issues of a request the client refused to send', async () => {
    let sent = false;
    const api = createApiClient({
      baseUrl: '',
      environment: 'production',
      fetch: () => {
        sent = true;
        return Promise.resolve(new Response('{}'));
      },
      auth: { accessToken: () => Promise.resolve('token') },
    });
    const error = await api
      .call(updateAddressesEndpoint, {
        body: {
          salutation: 'ms',
          firstName: 'Anna',
          lastName: 'Muster',
          street: 'Hauptstraße',
          houseNumber: '1',
          zip: '1',
          city: 'Berlin',
          country: 'de',
        },
      })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(sent).toBe(false);
    expect(formFieldErrors(reportedFields(error), addressErrorCodes)).toEqual({
      zip: 'postalCode',
    });
    expect(writeFailureOf(error)).toBe('refused');
  });
});

describe('writeFailureOf', () => {
  it('tells an ended session, a refusal, a vanished record and a missing answer apart', () => {
    expect(writeFailureOf(refusal(401))).toBe('sessionEnded');
    expect(writeFailureOf(Object.assign(new Error('no token'), { name: 'ApiAuthError' }))).toBe(
      'sessionEnded',
    );
    expect(writeFailureOf(refusal(400))).toBe('refused');
    expect(writeFailureOf(refusal(409))).toBe('refused');
    expect(writeFailureOf(refusal(404))).toBe('notFound');
    expect(writeFailureOf(refusal(503))).toBe('unreachable');
    expect(writeFailureOf(new TypeError('Failed to fetch'))).toBe('unreachable');
  });
});
