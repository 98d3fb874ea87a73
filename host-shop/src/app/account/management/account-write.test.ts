import {
  ApiHttpError,
  ApiRequestError,
  createApiClient,
  refusedFields,
} from '@tradein/client-core';
import { updateAddressesEndpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { writeFailureOf, writeOutcome, type WriteFailure } from './account-write.ts';
import { addressRefusals } from './address-changes.ts';
import { phoneRefusals } from './phone-changes.ts';

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

/** How a failed change with the fields its answer names ends. */
function failed(failure: WriteFailure, fields: { path: string; message: string }[] = []) {
  return { ok: false, failure, fields } as const;
}

describe('writeOutcome', () => {
  it('puts each reported field on the form’s field, with the message it shows', () => {
    expect(
      writeOutcome(
        failed('refused', [
          { path: 'zip', message: 'Postal code "1" is not valid in de' },
          { path: 'street', message: 'Street must not be empty' },
        ]),
        addressRefusals,
      ),
    ).toEqual({
      saved: false,
      errors: { zip: 'postalCode', street: 'addressLine' },
      notice: 'refused',
    });
  });

  it('finds the address inside a person record, and leaves out fields the form lacks', () => {
    expect(
      writeOutcome(
        failed('refused', [
          { path: 'address.houseNumber', message: 'House number must be …' },
          { path: 'country', message: 'Invalid option' },
          { path: '', message: 'Invalid input' },
        ]),
        addressRefusals,
      ),
    ).toEqual({ saved: false, errors: { houseNumber: 'houseNumber' }, notice: 'refused' });
    expect(
      writeOutcome(failed('refused', [{ path: 'phone', message: 'bad' }]), phoneRefusals),
    ).toMatchObject({ errors: { phone: 'phone' } });
  });

  it('shows nothing more once saved or once the session ended, and a vanished record as such', () => {
    expect(writeOutcome({ ok: true, value: null }, addressRefusals)).toEqual({ saved: true });
    expect(writeOutcome(failed('sessionEnded'), addressRefusals)).toEqual({ saved: false });
    expect(writeOutcome(failed('notFound'), addressRefusals)).toEqual({
      saved: false,
      errors: {},
      notice: 'notFound',
    });
  });
});

describe('a request the client refused to send', () => {
  it('is refused at its fields, and nothing is sent', async () => {
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
    expect(writeOutcome(failed('refused', refusedFields(error)), addressRefusals)).toEqual({
      saved: false,
      errors: { zip: 'postalCode' },
      notice: 'refused',
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
