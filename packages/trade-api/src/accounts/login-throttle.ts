import { sql } from 'kysely';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import { secondsUntilFree } from '../db/windowed-cap.ts';
import { HttpError } from '../server/http-error.ts';
import type { AccountLimits } from './account-deps.ts';
import { apiErrorCode } from '@tradein/contract';

/**
 * Login throttling kept in `login_attempts`, so it holds across API nodes sharing the database.
 * Failures count per (address, client), per client and per address; a success is kept only as
 * the mark that a client is known to an address. Limits and reasons: docs/accounts.md.
 */

/** The `email` column value that marks a guest-session row (no e-mail address looks like it). */
const guestSessionMarker = '#guest-session';

/**
 * Key spaces of the PostgreSQL advisory locks around counting and recording an attempt: one lock
 * per address and one per client, always taken in that order, so no two attempts wait for each
 * other in a circle.
 */
const addressLockSpace = 7_402_201;
const clientLockSpace = 7_402_202;

/** A login attempt: the address tried, the client it came from, when. */
interface LoginAttempt {
  email: string;
  ip: string;
  now: Date;
}

/** The time `ms` before `now`, as stored. */
function before(now: Date, ms: number): string {
  return new Date(now.getTime() - ms).toISOString();
}

/** Seconds until the limit-th newest time leaves the window, so the count drops below the limit. */
function retryAfterSeconds(times: readonly string[], limit: number, windowMs: number, now: Date) {
  // `times` are newest first; once the limit-th newest leaves the window, one more is allowed.
  const blocking = times[limit - 1] ?? times[times.length - 1] ?? now.toISOString();
  return secondsUntilFree(blocking, windowMs, now);
}

/** The newest `limit` creation times of failed logins of an address, a client or a pair, in the window. */
async function recentFailures(
  db: TradeDb,
  of: { email?: string; ip?: string },
  limit: number,
  since: string,
): Promise<string[]> {
  let query = db
    .selectFrom('login_attempts')
    .select('created_at')
    .where('succeeded', '=', 0)
    .where('created_at', '>', since);
  if (of.email !== undefined) query = query.where('email', '=', of.email);
  if (of.ip !== undefined) query = query.where('ip', '=', of.ip);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.created_at);
}

/** Whether the address logged in, or reset its password, from this client lately. */
async function isKnownClient(
  db: TradeDb,
  attempt: LoginAttempt,
  limits: AccountLimits,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('id')
    .where('email', '=', attempt.email)
    .where('ip', '=', attempt.ip)
    .where('succeeded', '=', 1)
    .where('created_at', '>', before(attempt.now, limits.knownClientMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serializes attempts on the same address or from the same client, so counting is exact. */
async function lockAttempt(db: TradeDb, attempt: LoginAttempt): Promise<void> {
  // SQLite needs nothing: Kysely runs one transaction at a time on its single connection, and
  // SQLite serves one node only.
  if (databaseDialect(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${addressLockSpace}::integer, hashtext(${attempt.email}))`.execute(
    db,
  );
  await sql`select pg_advisory_xact_lock(${clientLockSpace}::integer, hashtext(${attempt.ip}))`.execute(
    db,
  );
}

/** Drops this address's and client's rows that no limit looks at any more. */
async function pruneAttempts(
  db: TradeDb,
  attempt: LoginAttempt,
  limits: AccountLimits,
): Promise<void> {
  const failuresBefore = before(
    attempt.now,
    Math.max(limits.loginWindowMs, limits.addressWindowMs),
  );
  const knownBefore = before(attempt.now, limits.knownClientMs);
  await db
    .deleteFrom('login_attempts')
    .where('email', '!=', guestSessionMarker)
    .where((eb) => eb.or([eb('email', '=', attempt.email), eb('ip', '=', attempt.ip)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('succeeded', '=', 0), eb('created_at', '<=', failuresBefore)]),
        eb.and([eb('succeeded', '=', 1), eb('created_at', '<=', knownBefore)]),
      ]),
    )
    .execute();
}

/** Seconds the attempt must wait, or undefined when it may go ahead. */
async function waitForAttempt(
  db: TradeDb,
  attempt: LoginAttempt,
  limits: AccountLimits,
): Promise<number | undefined> {
  const { email, ip, now } = attempt;
  const loginSince = before(now, limits.loginWindowMs);
  const waits: number[] = [];
  const byPair = await recentFailures(
    db,
    { email, ip },
    limits.failuresPerAddressAndClient,
    loginSince,
  );
  if (byPair.length >= limits.failuresPerAddressAndClient) {
    waits.push(
      retryAfterSeconds(byPair, limits.failuresPerAddressAndClient, limits.loginWindowMs, now),
    );
  }
  // A client the address knows is held by the pair's limit only: what others do from the same
  // network, or against the address from elsewhere, must not keep its owner out.
  if (!(await isKnownClient(db, attempt, limits))) {
    const byClient = await recentFailures(db, { ip }, limits.failuresPerIp, loginSince);
    if (byClient.length >= limits.failuresPerIp) {
      waits.push(retryAfterSeconds(byClient, limits.failuresPerIp, limits.loginWindowMs, now));
    }
    const byAddress = await recentFailures(
      db,
      { email },
      limits.failuresPerAddress,
      before(now, limits.addressWindowMs),
    );
    const newest = byAddress[0];
    // Past its limit an address is slowed, not locked: one attempt per interval still goes on.
    if (
      byAddress.length >= limits.failuresPerAddress &&
      newest !== undefined &&
      now.getTime() - new Date(newest).getTime() < limits.slowedAddressIntervalMs
    ) {
      waits.push(
        Math.min(
          secondsUntilFree(newest, limits.slowedAddressIntervalMs, now),
          retryAfterSeconds(byAddress, limits.failuresPerAddress, limits.addressWindowMs, now),
        ),
      );
    }
  }
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

/** The 429 answer with the seconds to wait; the route sets them as `Retry-After`. */
export class TooManyAttemptsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfter: number) {
    super(429, apiErrorCode.tooManyAttempts, message);
    this.retryAfterSeconds = retryAfter;
  }
}

/**
 * Admits a password check, or throws a 429 when the pair, the client or the address is over its
 * limit. An admitted attempt is recorded as a failure at once, before the password is checked,
 * so parallel attempts count exactly; {@link forgetLoginAttempt} or {@link recordLoginSuccess}
 * take it back when the password was right. Answers the id of the recorded row.
 */
export async function admitLoginAttempt(
  db: TradeDb,
  attempt: LoginAttempt,
  limits: AccountLimits,
): Promise<number> {
  const verdict = await db.transaction().execute(async (trx) => {
    await lockAttempt(trx, attempt);
    await pruneAttempts(trx, attempt, limits);
    const wait = await waitForAttempt(trx, attempt, limits);
    if (wait !== undefined) return { admitted: false, wait } as const;
    const row = await trx
      .insertInto('login_attempts')
      .values({
        email: attempt.email,
        ip: attempt.ip,
        succeeded: 0,
        created_at: attempt.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { admitted: true, id: row.id } as const;
  });
  if (!verdict.admitted) {
    throw new TooManyAttemptsError(
      'Too many failed login attempts. Please wait a few minutes and try again.',
      verdict.wait,
    );
  }
  return verdict.id;
}

/** The password of an admitted attempt was right, but no login follows: it does not count. */
export async function forgetLoginAttempt(db: TradeDb, attemptId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

/** Marks the client known to the address (one row per pair, renewed). */
async function rememberClient(db: TradeDb, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('email', '=', attempt.email)
    .where('ip', '=', attempt.ip)
    .where('succeeded', '=', 1)
    .execute();
  await db
    .insertInto('login_attempts')
    .values({
      email: attempt.email,
      ip: attempt.ip,
      succeeded: 1,
      created_at: attempt.now.toISOString(),
    })
    .execute();
}

/**
 * The password was right: the pair's failures (this attempt's included) are forgotten and the
 * client becomes known to the address. Failures from other clients stay: they are not this
 * client's typos.
 */
export async function recordLoginSuccess(db: TradeDb, attempt: LoginAttempt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('login_attempts')
      .where('email', '=', attempt.email)
      .where('ip', '=', attempt.ip)
      .where('succeeded', '=', 0)
      .execute();
    await rememberClient(trx, attempt);
  });
}

/**
 * The mailbox is proven (password reset): every failure for the address, from any client, is
 * forgotten, and the client becomes known to the address, so its owner is let in at once.
 */
export async function clearAddressThrottles(db: TradeDb, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('email', '=', attempt.email)
    .where('succeeded', '=', 0)
    .execute();
  await rememberClient(db, attempt);
}

/**
 * Throws a 429 when a client started too many guest sessions in the window, else records one.
 * Check and record are one transaction under the client's lock, so parallel requests count
 * exactly (on PostgreSQL across API nodes as well).
 */
export async function admitGuestSession(
  db: TradeDb,
  request: { ip: string; now: Date },
  limits: AccountLimits,
): Promise<void> {
  const since = before(request.now, limits.guestWindowMs);
  const wait = await db.transaction().execute(async (trx) => {
    await lockAttempt(trx, { email: guestSessionMarker, ip: request.ip, now: request.now });
    const rows = await trx
      .selectFrom('login_attempts')
      .select('created_at')
      .where('email', '=', guestSessionMarker)
      .where('ip', '=', request.ip)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limits.guestSessionsPerIp)
      .execute();
    const recent = rows.map((row) => row.created_at);
    if (recent.length >= limits.guestSessionsPerIp) {
      return retryAfterSeconds(
        recent,
        limits.guestSessionsPerIp,
        limits.guestWindowMs,
        request.now,
      );
    }
    await trx
      .deleteFrom('login_attempts')
      .where('email', '=', guestSessionMarker)
      .where('ip', '=', request.ip)
      .where('created_at', '<=', since)
      .execute();
    await trx
      .insertInto('login_attempts')
      .values({
        email: guestSessionMarker,
        ip: request.ip,
        succeeded: 1,
        created_at: request.now.toISOString(),
      })
      .execute();
    return undefined;
  });
  if (wait !== undefined) {
    throw new TooManyAttemptsError(
      'Too many guest sessions from your network. Please try again later.',
      wait,
    );
  }
}
