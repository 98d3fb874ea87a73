import { ApiHttpError, type ApiClient } from '@tradein/client-core';
import { deleteCustomerEndpoint, deleteUserEndpoint, type Endpoint } from '@tradein/contract';
import { describe, expect, it } from 'vitest';
import { deleteAccount, DeletionFailure, deletionQuery } from './account-deletion.ts';
import { loggedInAccount } from './test-fixtures.ts';

const query = { customerId: loggedInAccount.customerId, customerIdentifier: 'K1234567890' };

/** An API that answers each endpoint as told and records the calls, in order. */
function fakeApi(answers: Map<Endpoint, () => unknown>) {
  const calls: { path: string; method: string; query: unknown }[] = [];
  const api = {
    environment: 'production',
    async call(endpoint: Endpoint, options?: { query?: unknown }) {
      calls.push({ path: endpoint.path, method: endpoint.method, query: options?.query });
      const answer = answers.get(endpoint);
      if (answer === undefined) throw new Error(`unexpected call ${endpoint.path}`);
      return answer();
    },
  } as unknown as ApiClient;
  return { api, calls };
}

const refused = (status: number) => () => {
  throw new ApiHttpError({ method: 'DELETE', path: '' }, status, undefined);
};
const ok = () => ({ ok: true });

describe('deletionQuery', () => {
  it('names the account by id and customer number', () => {
    expect(deletionQuery(loggedInAccount)).toEqual(query);
    expect(deleteCustomerEndpoint.query?.safeParse(deletionQuery(loggedInAccount)).success).toBe(
      true,
    );
  });

  it('is undefined without a customer number', () => {
    expect(deletionQuery({ ...loggedInAccount, customerNumber: null })).toBeUndefined();
  });
});

describe('deleteAccount', () => {
  it('deletes the customer record, then the login, both with the query', async () => {
    const { api, calls } = fakeApi(
      new Map([
        [deleteCustomerEndpoint, ok],
        [deleteUserEndpoint, ok],
      ]),
    );
    await deleteAccount(api, query);
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/customers/customers', query },
      { method: 'DELETE', path: '/api/account/deleteUser', query },
    ]);
  });

  it.each([401, 404])(
    'counts a login call that finds the customer gone (%i) as done',
    async (status) => {
      const { api } = fakeApi(
        new Map([
          [deleteCustomerEndpoint, ok],
          [deleteUserEndpoint, refused(status)],
        ]),
      );
      await expect(deleteAccount(api, query)).resolves.toBeUndefined();
    },
  );

  it('stops at the customer call when it fails, without the login call', async () => {
    const { api, calls } = fakeApi(new Map([[deleteCustomerEndpoint, refused(404)]]));
    const failure = await deleteAccount(api, query).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeletionFailure);
    expect((failure as DeletionFailure).step).toBe('customer');
    expect(calls).toHaveLength(1);
  });

  it('reports another failure of the login call, and a retry sends only that call', async () => {
    const { api } = fakeApi(
      new Map([
        [deleteCustomerEndpoint, ok],
        [deleteUserEndpoint, refused(503)],
      ]),
    );
    const failure = await deleteAccount(api, query).catch((error: unknown) => error);
    expect((failure as DeletionFailure).step).toBe('login');

    const retry = fakeApi(new Map([[deleteUserEndpoint, ok]]));
    await deleteAccount(retry.api, query, 'login');
    expect(retry.calls.map((call) => call.path)).toEqual(['/api/account/deleteUser']);
  });
});
