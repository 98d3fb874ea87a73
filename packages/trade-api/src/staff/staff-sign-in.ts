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
import { isUniqueViolation } from '../db/unique-violation.ts';
import { hashOpaqueToken } from '../tokens/opaque-token.ts';
import { totpStepOf } from './totp.ts';

/*
 * Staff sign-in (docs/staff.md, "Sign-in"): e-mail, password and TOTP code, throttled like
 * customer logins in `login_attempts` with the same limits. Staff attempts are counted under
 * `staff:<email>`, so a customer with the same address neither locks out nor unlocks the staff
 * member. A wrong password and a wrong code get one answer, so neither is confirmed alone. A
 * code signs in once: its time step is remembered as a `totp_code` verification.
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

/** How long a used code's step is remembered: longer than the steps a code is accepted in. */
const usedCodeMs = 3 * 60_000;

/**
 * Marks a code's time step used for a member (a `totp_code` verification holding the step's
 * hash), so an overheard code cannot sign in a second time. Answers false when it was used.
 */
async function claimTotpStep(
  db: TradeDb,
  staffId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  await db
    .deleteFrom('staff_verifications')
    .where('type', '=', 'totp_code')
    .where('target', '=', staffId)
    .where('expires_at', '<=', stamp)
    .execute();
  try {
    await db
      .insertInto('staff_verifications')
      .values({
        type: 'totp_code',
        target: staffId,
        token_hash: hashOpaqueToken(`totp:${staffId}:${step}`),
        expires_at: new Date(now.getTime() + usedCodeMs).toISOString(),
        used_at: stamp,
        created_at: stamp,
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

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
  const step =
    passwordRight && staff?.totp_secret !== null && staff?.totp_secret !== undefined
      ? await totpStepOf(staff.totp_secret, input.totpCode)
      : undefined;
  // A wrong password or code leaves the admitted attempt recorded as a failure.
  if (staff === undefined || step === undefined) {
    throw new StaffError('wrongCredentials', wrongCredentials);
  }
  if (!(await claimTotpStep(db, staff.id, step, input.now))) {
    throw new StaffError(
      'wrongCredentials',
      'This code was used already: wait for the next code of your app and sign in with it.',
    );
  }
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
