import type { Endpoint, EndpointPart, StaffRole } from '@tradein/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { AuditActor } from '../audit/audit-log.ts';
import type { TradeDb } from '../db/create-database.ts';
import { validationError } from '../server/api-context.ts';
import type { Route } from '../server/route.ts';
import { requireStaff } from './require-staff.ts';
import type { StaffSession } from './staff-sessions.ts';

/*
 * How every `/api/ops/` call that needs a staff session is registered (docs/staff.md): the
 * session, the roles and the CSRF token are checked before any input is read, so a caller without
 * a session learns nothing about the input rules and gets 401 whatever it sends.
 */

/** The actor of a change made in the back office. */
export function actorOf(session: StaffSession, request: FastifyRequest): AuditActor {
  return {
    actor: `staff:${session.staff.id}`,
    label: session.staff.email,
    source: `back office: ${request.method} ${request.url.split('?')[0] ?? ''}`,
  };
}

/** What a guarded handler receives: its parsed input and the session. */
export interface GuardedInput<E extends Endpoint> {
  body: z.infer<E['body']>;
  query: EndpointPart<E['query']>;
  params: EndpointPart<E['params']>;
  session: StaffSession & { token: string };
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Parses one part with its schema after the guard; a failure is the 400 naming the field. */
function parseAfterGuard(schema: z.ZodMiniType | undefined, value: unknown, prefix: string[]) {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues, prefix);
  return parsed.data;
}

/**
 * Registers guarded `/api/ops/` calls: the session, roles and CSRF token are checked first, then
 * params, query and body with the endpoint's schemas.
 */
export function guardedRoute(route: Route, deps: { db: TradeDb; clock: () => Date }) {
  const anything = z.unknown();
  return <E extends Endpoint>(
    endpoint: E,
    roles: readonly StaffRole[],
    handler: (input: GuardedInput<E>) => Promise<z.infer<E['response']>>,
  ): void => {
    const unchecked = {
      ...endpoint,
      body: anything,
      headers: undefined,
      query: endpoint.query === undefined ? undefined : anything,
      params: endpoint.params === undefined ? undefined : anything,
    };
    route(unchecked, async ({ request, reply }) => {
      const session = await requireStaff(deps.db, request, roles, deps.clock());
      const params = parseAfterGuard(endpoint.params, request.params, ['params']);
      const query = parseAfterGuard(endpoint.query, request.query, ['query']);
      const body = parseAfterGuard(endpoint.body, request.body ?? {}, []);
      return handler({ body, query, params, session, request, reply } as GuardedInput<E>);
    });
  };
}
