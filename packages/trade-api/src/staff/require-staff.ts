import { timingSafeEqual } from 'node:crypto';
import { apiErrorCode, type StaffRole } from '@tradein/contract';
import type { FastifyRequest } from 'fastify';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import { sessionOf, type StaffSession } from './staff-sessions.ts';

/*
 * The guard of every `/api/ops/` call (docs/staff.md, "Sessions" and "CSRF"): the staff session
 * of the `tradein_staff` cookie, never a bearer token; the roles the call needs; and, for a call
 * that changes something, the session's CSRF token in `x-csrf-token`.
 */

/** The cookie that carries the staff session's token. */
export const staffCookieName = 'tradein_staff';

/** Methods that change nothing and need no CSRF token. */
const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of one cookie of a request, or undefined. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** Whether two texts are equal, compared in constant time. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The 401 of a call without a live staff session. */
function notSignedIn(): HttpError {
  return new HttpError(
    401,
    apiErrorCode.unauthorized,
    'Sign in to the back office first (your session may have ended after 30 minutes without activity).',
  );
}

/**
 * The staff session of a request: 401 `unauthorized` without a live session (a customer's bearer
 * token opens nothing here), 403 `forbidden` when the member has none of `roles` (an empty list
 * lets every member in), and 403 `forbidden` when a state-changing call lacks the session's
 * CSRF token.
 */
export async function requireStaff(
  db: TradeDb,
  request: FastifyRequest,
  roles: readonly StaffRole[],
  now: Date,
): Promise<StaffSession & { token: string }> {
  const token = cookieOf(request, staffCookieName);
  const session =
    token === undefined || !/^[A-Za-z0-9_-]{1,100}$/.test(token)
      ? undefined
      : await sessionOf(db, token, now);
  if (token === undefined || session === undefined) throw notSignedIn();
  if (roles.length > 0 && !roles.some((role) => session.roles.includes(role))) {
    throw new HttpError(
      403,
      apiErrorCode.forbidden,
      `This needs the role ${roles.join(' or ')}, which your account does not have.`,
    );
  }
  if (!safeMethods.has(request.method)) {
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !sameText(sent, session.csrfToken)) {
      throw new HttpError(
        403,
        apiErrorCode.forbidden,
        'The x-csrf-token header is missing or wrong: reload the back office and try again.',
      );
    }
  }
  return { ...session, token };
}
