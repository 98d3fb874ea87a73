import type { StaffRole } from '@tradein/contract';
import { readTradeApiConfig } from '../src/config/trade-api-config.ts';
import { createDatabase, type TradeDb } from '../src/db/create-database.ts';
import { acceptInvitation, inviteStaff } from '../src/staff/staff-invitations.ts';
import { staffCookieName } from '../src/staff/require-staff.ts';
import { csrfTokenOf, startStaffSession } from '../src/staff/staff-sessions.ts';
import { currentTotpCode, newTotpEnrolment } from '../src/staff/totp.ts';

/*
 * Staff members for tests of `/api/ops/` calls: enrolled as the invitation flow does (password,
 * TOTP secret), then given a session directly, so a test needs no TOTP step of its own.
 */

/** The password every test staff member gets. */
export const testStaffPassword = 'Staff-pass-1';

/** A signed-in staff member: the headers of their calls, and who they are. */
export interface TestStaffSession {
  email: string;
  staffId: string;
  /** `tradein_staff=<token>`, for a `cookie` header. */
  cookie: string;
  /** The session's CSRF token, for `x-csrf-token`. */
  csrfToken: string;
  /** Both headers together. */
  headers: { cookie: string; 'x-csrf-token': string };
  /** The member's TOTP secret, for signing in again ({@link totpCodeOf}). */
  totpSecret: string;
}

/**
 * Invites `email` with `roles`, accepts the invitation with a fresh TOTP secret and starts a
 * session at `now`.
 */
export async function signedInStaff(
  db: TradeDb,
  email: string,
  roles: readonly StaffRole[],
  now: Date = new Date(),
): Promise<TestStaffSession> {
  const by = { actor: 'ops:test', label: 'test', source: 'test kit' };
  const invitation = await inviteStaff(db, { email, roles: [...roles], by, now });
  const { secret } = await newTotpEnrolment(email);
  const staff = await acceptInvitation(db, {
    token: invitation.token,
    password: testStaffPassword,
    totpSecret: secret,
    totpCode: await currentTotpCode(secret),
    now,
  });
  const token = await startStaffSession(db, staff.id, now);
  const cookie = `${staffCookieName}=${token}`;
  const csrfToken = csrfTokenOf(token);
  return {
    email: staff.email,
    staffId: staff.id,
    cookie,
    csrfToken,
    headers: { cookie, 'x-csrf-token': csrfToken },
    totpSecret: secret,
  };
}

/**
 * The database of a started server's data folder (SQLite in `DATA_DIR`, as the server opened
 * it), for a test that signs staff in or runs operator commands beside the server.
 */
export function databaseOfDataDir(dataDir: string): TradeDb {
  return createDatabase(readTradeApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
}

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export async function totpCodeOf(secret: string, stepsAhead = 0): Promise<string> {
  const realNow = Date.now;
  // The library reads the clock itself: a later step is read from a clock moved ahead.
  Date.now = () => realNow() + stepsAhead * 30_000;
  try {
    return await currentTotpCode(secret);
  } finally {
    Date.now = realNow;
  }
}
