import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { AccountLimits } from './account-deps.ts';
import { apiErrorCode } from '@tradein/contract';

/**
 * Login throttling kept in `login_attempts`, so it holds across API nodes sharing the database.
 * Only failures are stored; a successful login deletes the address's failures.
 */

/** The `email` column value that marks a guest-session row (no e-mail address looks like it). */
const guestSessionMarker = '#guest-session';

/** Seconds until the oldest counted row leaves the window enough for the count to drop below the limit. */
function retryAfterSeconds(
  times: readonly string[],
  limit: number,
  windowMs: number,
  now: Date,
): number {
  // `times` are newest first; once the limit-th newest leaves the window, one more is allowed.
  const blocking = times[limit - 1] ?? times[times.length - 1] ?? now.toISOString();
  const until = new Date(blocking).getTime() + windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** The newest `limit` creation times of failures matching a column, within the window. */
async function recentFailures(
  db: TradeDb,
  column: 'email' | 'ip',
  value: string,
  limit: number,
  since: string,
  marker: 'failure' | 'guest',
): Promise<string[]> {
  let query = db
    .selectFrom('login_attempts')
    .select('created_at')
    .where(column, '=', value)
    .where('created_at', '>', since);
  query =
    marker === 'guest'
      ? query.where('email', '=', guestSessionMarker)
      : query.where('succeeded', '=', 0).where('email', '!=', guestSessionMarker);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.created_at);
}

/** The 429 answer with the seconds to wait; the route sets them as `Retry-After`. */
export class TooManyAttemptsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfter: number) {
    super(429, apiErrorCode.tooManyAttempts, message);
    this.retryAfterSeconds = retryAfter;
  }
}

/** Throws a 429 when the address or the client has too many recent failed logins. */
export async function assertLoginAllowed(
  db: TradeDb,
  attempt: { email: string; ip: string; now: Date },
  limits: AccountLimits,
): Promise<void> {
  const since = new Date(attempt.now.getTime() - limits.loginWindowMs).toISOString();
  const byEmail = await recentFailures(
    db,
    'email',
    attempt.email,
    limits.failuresPerUsername,
    since,
    'failure',
  );
  const byIp = await recentFailures(db, 'ip', attempt.ip, limits.failuresPerIp, since, 'failure');
  const waits: number[] = [];
  if (byEmail.length >= limits.failuresPerUsername) {
    waits.push(
      retryAfterSeconds(byEmail, limits.failuresPerUsername, limits.loginWindowMs, attempt.now),
    );
  }
  if (byIp.length >= limits.failuresPerIp) {
    waits.push(retryAfterSeconds(byIp, limits.failuresPerIp, limits.loginWindowMs, attempt.now));
  }
  if (waits.length > 0) {
    throw new TooManyAttemptsError(
      'Too many failed login attempts. Please wait a few minutes and try again.',
      Math.max(...waits),
    );
  }
}

/** Records a failed login and drops this address's and client's rows that left the window. */
export async function recordLoginFailure(
  db: TradeDb,
  attempt: { email: string; ip: string; now: Date },
  limits: AccountLimits,
): Promise<void> {
  const since = new Date(attempt.now.getTime() - limits.loginWindowMs).toISOString();
  await db
    .deleteFrom('login_attempts')
    .where('created_at', '<=', since)
    .where('email', '!=', guestSessionMarker)
    .where((eb) => eb.or([eb('email', '=', attempt.email), eb('ip', '=', attempt.ip)]))
    .execute();
  await db
    .insertInto('login_attempts')
    .values({
      email: attempt.email,
      ip: attempt.ip,
      succeeded: 0,
      created_at: attempt.now.toISOString(),
    })
    .execute();
}

/** A successful login clears the failures of its address. */
export async function clearLoginFailures(db: TradeDb, email: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('email', '=', email)
    .where('succeeded', '=', 0)
    .execute();
}

/** Throws a 429 when a client started too many guest sessions in the window, else records one. */
export async function admitGuestSession(
  db: TradeDb,
  request: { ip: string; now: Date },
  limits: AccountLimits,
): Promise<void> {
  const since = new Date(request.now.getTime() - limits.guestWindowMs).toISOString();
  const recent = await recentFailures(
    db,
    'ip',
    request.ip,
    limits.guestSessionsPerIp,
    since,
    'guest',
  );
  if (recent.length >= limits.guestSessionsPerIp) {
    throw new TooManyAttemptsError(
      'Too many guest sessions from your network. Please try again later.',
      retryAfterSeconds(recent, limits.guestSessionsPerIp, limits.guestWindowMs, request.now),
    );
  }
  await db
    .deleteFrom('login_attempts')
    .where('email', '=', guestSessionMarker)
    .where('ip', '=', request.ip)
    .where('created_at', '<=', since)
    .execute();
  await db
    .insertInto('login_attempts')
    .values({
      email: guestSessionMarker,
      ip: request.ip,
      succeeded: 1,
      created_at: request.now.toISOString(),
    })
    .execute();
}
