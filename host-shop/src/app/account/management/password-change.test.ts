import { describe, expect, it } from 'vitest';
import { changePasswordEndpoint } from '@tradein/contract';
import type { LoggedInAccount } from '../account-gate.tsx';
import { changePasswordBody, checkPasswordForm, readPasswordForm } from './password-change.ts';

const account = {
  isLoggedIn: true,
  email: 'anna@example.org',
  accessToken: 'a',
  refreshToken: 'r',
  customerId: '7f2c1f5e-0000-4000-8000-000000000001',
  customerNumber: 'K1234567890',
  customerData: null,
  tokenExpiry: 1,
  remember: false,
} satisfies LoggedInAccount;

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('checkPasswordForm', () => {
  it('asks for every field of an empty form', () => {
    expect(checkPasswordForm(readPasswordForm(new FormData()), account)).toEqual({
      ok: false,
      errors: { currentPassword: 'required', password: 'required', passwordRepeat: 'required' },
    });
  });

  it('applies the contract rule to the new password and compares the repetition', () => {
    const check = checkPasswordForm(
      { currentPassword: 'Old-pass-1', password: 'onlyletters', passwordRepeat: 'onlyletter' },
      account,
    );
    expect(check).toEqual({
      ok: false,
      errors: { password: 'weakPassword', passwordRepeat: 'passwordMismatch' },
    });
  });

  it('refuses a new password equal to the current one, saying so', () => {
    expect(
      checkPasswordForm(
        { currentPassword: 'Same-pass-1', password: 'Same-pass-1', passwordRepeat: 'Same-pass-1' },
        account,
      ),
    ).toEqual({ ok: false, errors: { password: 'samePassword' } });
  });

  it('keeps passwords as typed, spaces included, and answers the call’s body', () => {
    const values = readPasswordForm(
      form({
        currentPassword: ' old pass 1 ',
        password: 'New-pass-2 ',
        passwordRepeat: 'New-pass-2 ',
      }),
    );
    expect(values.currentPassword).toBe(' old pass 1 ');
    expect(checkPasswordForm(values, account)).toEqual({
      ok: true,
      body: changePasswordBody(account, values),
    });
  });

  it('has no body to send when the session lacks the address', () => {
    const values = {
      currentPassword: 'Old-pass-1',
      password: 'New-pass-2',
      passwordRepeat: 'New-pass-2',
    };
    expect(checkPasswordForm(values, { ...account, email: null })).toEqual({
      ok: true,
      body: undefined,
    });
  });
});

describe('changePasswordBody', () => {
  const values = {
    currentPassword: 'Old-pass-1',
    password: 'New-pass-2',
    passwordRepeat: 'New-pass-2',
  };

  it('names the customer by id and address, and the contract accepts it', () => {
    const body = changePasswordBody(account, values);
    expect(body).toEqual({
      userId: account.customerId,
      email: 'anna@example.org',
      currentPassword: 'Old-pass-1',
      password: 'New-pass-2',
    });
    expect(changePasswordEndpoint.body.safeParse(body).success).toBe(true);
    // The repetition stays on the page.
    expect(JSON.stringify(body)).not.toContain('passwordRepeat');
  });

  it('is undefined without a known address', () => {
    expect(changePasswordBody({ ...account, email: null }, values)).toBeUndefined();
  });
});
