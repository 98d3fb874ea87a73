/*
 * Which failures mean "the database cannot be reached right now" rather than a fault of the
 * request or of the code: connections refused, reset or timed out, a server shutting down or
 * starting up, a statement cancelled by its timeout, a SQLite file locked for longer than the
 * busy timeout. The API answers them 503 with `Retry-After`; anything else stays a 500.
 */

/** Seconds a client is told to wait after a 503 for an unreachable database. */
export const databaseRetryAfterSeconds = 5;

/** Error codes of Node's sockets that mean the database host did not answer. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL SQLSTATEs of an unreachable or unwilling server: class 08 (connection exception),
 * operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now,
 * 57014 statement cancelled by `statement_timeout`), 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code);
}

/** Messages of pg, pg-pool and Kysely for a connection that broke or never came. */
const lostConnectionMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Postgres connection has been discarded',
  'driver has already been destroyed',
];

/** Whether `error` (or an error it was caused by) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5; depth += 1) {
    if (typeof current !== 'object' || current === null) return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (socketCodes.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
      // node:sqlite: the file stayed locked by another writer past the busy timeout
      // (SQLITE_BUSY 5, SQLITE_LOCKED 6).
      const sqliteCode = (current as { errcode?: unknown }).errcode;
      if (code === 'ERR_SQLITE_ERROR' && (sqliteCode === 5 || sqliteCode === 6)) return true;
    }
    if (
      typeof message === 'string' &&
      lostConnectionMessages.some((text) => message.includes(text))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
