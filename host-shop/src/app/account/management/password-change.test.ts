import { describe, expect, it } from 'vitest';
import { changePasswordEndpoint } from '@tradein/contract';
import { changePasswordBody, checkPasswordForm, readPasswordForm } from './password-change.ts';
import { loggedInAccount } from './test-fixtures.ts';

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('checkPasswordForm', () => {
  it('asks for every field of an empty form', () => {
    expect(checkPasswordForm(readPasswordForm(new FormData()), loggedInAccount)).toEqual({
      ok: false,
      errors: { currentPassword: 'required', password: 'required', passwordRepeat: 'required' },
    });
  });

  it('applies the contract rule to the new password and compares the repetition', () => {
    const check = checkPasswordForm(
      { currentPassword: 'Old-pass-1', password: 'onlyletters', passwordRepeat: 'onlyletter' },
      loggedInAccount,
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
        loggedInAccount,
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
    expect(checkPasswordForm(values, loggedInAccount)).toEqual({
      ok: true,
      body: changePasswordBody(loggedInAccount, values),
    });
  });

  it('has no body to send when the session lacks the address', () => {
    const values = {
      currentPassword: 'Old-pass-1',
      password: 'New-pass-2',
      passwordRepeat: 'New-pass-2',
    };
    expect(checkPasswordForm(values, { ...loggedInAccount, email: null })).toEqual({
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
    const body = changePasswordBody(loggedInAccount, values);
    expect(body).toEqual({
      userId: loggedInAccount.customerId,
      email: 'anna@example.org',
      currentPassword: 'Old-pass-1',
      password: 'New-pass-2',
    });
    expect(changePasswordEndpoint.body.safeParse(body).success).toBe(true);
    // The repetition stays on the page.
    expect(JSON.stringify(body)).not.toContain('passwordRepeat');
  });

  it('is undefined without a known address', () => {
    expect(changePasswordBody({ ...loggedInAccount, email: null }, values)).toBeUndefined();
  });
});
