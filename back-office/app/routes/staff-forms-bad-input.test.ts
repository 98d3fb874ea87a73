import { databaseOfDataDir } from '@tradein/trade-api/test-kit';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useBackOffice } from '../../test-kit/back-office-kit.ts';

/*
 * Whatever a form of the sign-in, invitation, staff and account pages is sent, the back office
 * answers without a server error and changes nothing it should not: no staff member, session or
 * audit event appears from a refused form.
 */

const office = useBackOffice();

/** Rows of the tables these forms write. */
async function counts(): Promise<Record<string, number>> {
  const db = databaseOfDataDir(office.server.dataDir);
  try {
    const result: Record<string, number> = {};
    for (const table of ['staff', 'staff_sessions', 'audit_events'] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      result[table] = Number(row?.count ?? 0);
    }
    return result;
  } finally {
    await db.destroy();
  }
}

/** Texts a person or a script may type: anything, control characters and lone surrogates too. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('the staff forms under bad input', () => {
  it('never answer a server error and change nothing', async () => {
    const admin = await office.staff('fuzz.admin@example.com', ['admin']);
    const printed = await office.ops('staff', 'add', 'fuzz.new@example.com', '--role', 'payouts');
    const invitation = new URL(printed.find((line) => line.startsWith('http')) ?? '').pathname;
    const before = await counts();
    const forms = fc.record({
      path: fc.constantFrom('/sign-in', invitation, '/staff', '/account', '/sign-out'),
      intent: fc.constantFrom('invite', 'roles', 'disable', 'enable', 'other'),
      email: anyText,
      password: anyText,
      code: anyText,
      roles: fc.array(anyText, { maxLength: 3 }),
      locale: anyText,
    });
    await fc.assert(
      fc.asyncProperty(forms, async (form) => {
        const answer = await office.request('POST', form.path, {
          // The admin's cookie, but never a valid CSRF token: a form that changes staff is
          // refused, and the sign-in and invitation forms take no session.
          cookie: admin.cookie,
          form: {
            csrf: form.code,
            intent: form.intent,
            email: form.email,
            id: form.email,
            password: form.password,
            passwordRepeated: form.password,
            totpSecret: form.code,
            totpCode: form.code,
            roles: form.roles,
            locale: form.locale,
            name: form.email,
            everywhere: '1',
          },
        });
        expect({ path: form.path, serverError: answer.status >= 500 }).toEqual({
          path: form.path,
          serverError: false,
        });
      }),
      { numRuns: 60 },
    );
    expect(await counts()).toEqual(before);
  });
});
