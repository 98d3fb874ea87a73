import { staffSessionEndpoint, type StaffRole } from '@tradein/contract';
import { data, redirect, type RouterContextProvider } from 'react-router';
import { callOps } from './ops-api.server.ts';
import { backOfficeRequest } from './request-context.ts';
import type { StaffPageSession } from './staff-session.ts';

/*
 * The signed-in staff member of a page (docs/back-office.md, "Sign-in and sessions"): the trade
 * API keeps the session; the page asks it once per request.
 */

const sessions = new WeakMap<object, Promise<StaffPageSession | undefined>>();

/** The staff session of a request, or undefined; asked of the API once per request. */
export function optionalStaffSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<StaffPageSession | undefined> {
  const cached = sessions.get(context);
  if (cached !== undefined) return cached;
  const pending = (async () => {
    if (backOfficeRequest(context).audience !== 'staff') return undefined;
    const answer = await callOps(context, request, staffSessionEndpoint);
    return answer.ok ? answer.data : undefined;
  })();
  sessions.set(context, pending);
  return pending;
}

/** A path of the back office to return to after sign-in: a local path only, never another site. */
export function localReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return undefined;
  }
  if (/[\\\p{Cc}]/u.test(value) || value.startsWith('/sign-in')) return undefined;
  return value;
}

/**
 * The staff member of a page that needs a session: without one, the sign-in page (which leads
 * back here); with none of `roles` (when given), the 403 page naming what is missing.
 */
export async function requireStaffSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
  roles: readonly StaffRole[] = [],
): Promise<StaffPageSession> {
  const session = await optionalStaffSession(context, request);
  if (session === undefined) {
    const url = new URL(request.url);
    const back = localReturnPath(`${url.pathname}${url.search}`);
    throw redirect(
      back === undefined || back === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(back)}`,
    );
  }
  if (roles.length > 0 && !roles.some((role) => session.staff.roles.includes(role))) {
    throw data({ missingRoles: roles }, { status: 403 });
  }
  return session;
}
