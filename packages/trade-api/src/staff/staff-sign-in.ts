import type { AccountLimits } from '../accounts/account-deps.ts';
import {
  admitLoginAttempt,
  forgetLoginAttempt,
  recordLoginSuccess,
} from '../accounts/login-throttle.ts';
import { verifyPassword } from '../accounts/password-hashing.ts';
import type { TradeDb } from '../db/create-database.ts';
import { StaffError } from './staff-error.ts';
import { findStaffByEmail, normalizeStaffEmail, type StaffRow } from './staff-records.ts';
import { startStaffSession } from './staff-sessions.ts';
import { isTotpCodeValid } from './totp.ts';

/*
 * Staff sign-in (docs/staff.md, "Sign-in"): e-mail, password and TOTP code, throttled like
 * customer logins in `login_attempts` with the same limits. Staff attempts are counted under
 * `staff:<email>`, so a customer with the same address neither locks out nor unlocks the staff
 * member. A wrong password and a wrong code get one answer, so neither is confirmed alone.
 */

/** The limits of staff sign-in: those of customer logins (docs/accounts.md). */
export const staffSignInLimits: AccountLimits = {
  loginWindowMs: 15 * 60_000,
  failuresPerAddressAndClient: 5,
  failuresPerIp: 20,
  addressWindowMs: 60 * 60_000,
  failuresPerAddress: 50,
  slowedAddressIntervalMs: 60_000,
  knownClientMs: 30 * 24 * 60 * 60_000,
  guestWindowMs: 60 * 60_000,
  guestSessionsPerIp: 30,
  resetMailsPerAccount: 3,
  resetMailWindowMs: 60 * 60_000,
};

/** The one answer for a wrong address, password or code. */
const wrongCredentials = 'The e-mail address, password or code is not right.';

/**
 * Signs a staff member in: answers the new session's token (the cookie's value) and the member.
 * Refuses with one message for a wrong address, password or code, with its own for a disabled
 * account (only once the password and code were right); a throttled attempt throws the 429 of
 * the login throttle.
 */
export async function signIn(
  db: TradeDb,
  input: {
    email: string;
    password: string;
    totpCode: string;
    ip: string;
    now: Date;
    limits?: AccountLimits;
  },
): Promise<{ token: string; staff: StaffRow }> {
  const email = normalizeStaffEmail(input.email);
  const attempt = { email: `staff:${email}`, ip: input.ip, now: input.now };
  const limits = input.limits ?? staffSignInLimits;
  const attemptId = await admitLoginAttempt(db, attempt, limits);
  const staff = await findStaffByEmail(db, email);
  // Unknown addresses verify against a dummy hash, so they take as long as known ones.
  const passwordRight = await verifyPassword(staff?.password_hash ?? null, input.password);
  const codeRight =
    passwordRight &&
    staff?.totp_secret !== null &&
    staff?.totp_secret !== undefined &&
    (await isTotpCodeValid(staff.totp_secret, input.totpCode));
  // A wrong password or code leaves the admitted attempt recorded as a failure.
  if (staff === undefined || !codeRight) throw new StaffError('wrongCredentials', wrongCredentials);
  if (staff.disabled_at !== null) {
    await forgetLoginAttempt(db, attemptId);
    throw new StaffError(
      'disabled',
      'This staff account is disabled. Ask an admin to enable it again.',
    );
  }
  await recordLoginSuccess(db, attempt);
  const token = await startStaffSession(db, staff.id, input.now);
  return { token, staff };
}
