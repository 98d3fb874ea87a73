import { createHash } from 'node:crypto';
import type { StaffRole } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import { rolesOf, type StaffRow } from './staff-records.ts';

/*
 * Staff sessions (docs/staff.md, "Sessions"): server-side rows; the `tradein_staff` cookie holds
 * a random token, the table its SHA-256. A session ends when signed out, after 30 minutes
 * without a request, after 12 hours whatever happens, or when its member is disabled. Its CSRF
 * token is derived from the cookie's token, so it needs no column and only the cookie's holder
 * can know it.
 */

/** A session ends after this long without a request. */
export const staffIdleMs = 30 * 60_000;

/** A session ends this long after sign-in, however active. */
const staffSessionMaxMs = 12 * 60 * 60_000;

/** `last_seen_at` is written at most this often, not on every request. */
const touchIntervalMs = 60_000;

/** The signed-in staff member of a session. */
export interface StaffSession {
  sessionId: number;
  staff: StaffRow;
  roles: StaffRole[];
  csrfToken: string;
}

/** The CSRF token of a session: a keyed digest of its cookie token. */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`, 'utf8').digest('base64url');
}

/** Starts a session for a staff member; answers the cookie's token. */
export async function startStaffSession(db: TradeDb, staffId: string, now: Date): Promise<string> {
  const token = createOpaqueToken();
  const stamp = now.toISOString();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashOpaqueToken(token),
      staff_id: staffId,
      created_at: stamp,
      last_seen_at: stamp,
      expires_at: new Date(now.getTime() + staffSessionMaxMs).toISOString(),
      ended_at: null,
    })
    .execute();
  return token;
}

/**
 * The staff member of a session token, or undefined when the session is unknown, ended, idle
 * for more than 30 minutes, past its 12 hours, or its member is disabled. Marks it seen (at most
 * once a minute).
 */
export async function sessionOf(
  db: TradeDb,
  token: string,
  now: Date,
): Promise<StaffSession | undefined> {
  const session = await db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst();
  if (session === undefined || session.ended_at !== null) return undefined;
  const nowMs = now.getTime();
  if (nowMs - new Date(session.last_seen_at).getTime() > staffIdleMs) return undefined;
  if (nowMs >= new Date(session.expires_at).getTime()) return undefined;
  const staff = await db
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', session.staff_id)
    .executeTakeFirst();
  if (staff === undefined || staff.disabled_at !== null || staff.password_hash === null) {
    return undefined;
  }
  if (nowMs - new Date(session.last_seen_at).getTime() >= touchIntervalMs) {
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', session.id)
      .execute();
  }
  return { sessionId: session.id, staff, roles: rolesOf(staff), csrfToken: csrfTokenOf(token) };
}

/** Ends one session (sign out); an unknown token ends nothing. */
export async function signOut(db: TradeDb, token: string, now: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ ended_at: now.toISOString() })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every open session of a staff member; answers how many. */
export async function signOutEverywhere(db: TradeDb, staffId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ ended_at: now.toISOString() })
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
