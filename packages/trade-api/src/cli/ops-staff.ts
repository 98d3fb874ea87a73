import { staffRoleSchema, type StaffRole } from '@tradein/contract';
import type { AuditActor } from '../audit/audit-log.ts';
import { auditEvents } from '../audit/audit-log.ts';
import type { CatalogueChangeOrigin } from '../catalogue-changes/catalogue-change.ts';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { backOfficeOrigin } from '../staff/back-office-origin.ts';
import { changeRoles, disableStaff, enableStaff, listStaff } from '../staff/staff-admin.ts';
import { StaffError } from '../staff/staff-error.ts';
import { inviteStaff } from '../staff/staff-invitations.ts';
import { rolesOf } from '../staff/staff-records.ts';
import { RefusedError, single, UsageError } from './ops-command-line.ts';

/*
 * `npm run ops -- staff …` and `npm run ops -- audit`: the command line of the back office's
 * staff and of the audit log. The work is done by ../staff/ and ../audit/, which the API calls
 * too; every change is recorded with the actor `ops:<login>` and the command line.
 */

/** What the staff commands need of the operator commands' dependencies (`OpsDeps`). */
export interface StaffCommandDeps {
  db: TradeDb;
  /** Who runs the command; default `ops` with the command line as the source. */
  origin?: CatalogueChangeOrigin;
  /** Default: the system clock. */
  clock?: () => Date;
  /** The trade API's PUBLIC_ORIGIN; default the configured one (readTradeApiConfig). */
  publicOrigin?: string;
}

/** The audit actor of a command line. */
function actorOf(deps: StaffCommandDeps, words: readonly string[]): AuditActor {
  const origin = deps.origin ?? { actor: 'ops', source: words.join(' ') };
  return {
    actor: origin.actor,
    label: origin.actor.replace(/^ops:/, ''),
    source: origin.source,
  };
}

/** The roles of `--role` (at least one, each a known role). */
function rolesOption(options: Map<string, string[]>): StaffRole[] {
  const values = options.get('role') ?? [];
  if (values.length === 0) throw new UsageError('Give at least one --role');
  return values.map((value) => {
    const parsed = staffRoleSchema.safeParse(value);
    if (!parsed.success) {
      throw new UsageError(
        `Unknown role "${value}"; the roles are ${staffRoleSchema.options.join(', ')}`,
      );
    }
    return parsed.data;
  });
}

/** The e-mail address of the command. */
function emailOf(positional: readonly string[]): string {
  const email = positional[2];
  if (email === undefined || !email.includes('@')) {
    throw new UsageError(`staff ${positional[1] ?? ''} needs an e-mail address`);
  }
  return email;
}

/** Runs a staff operation; its refusal is printed as it is (exit code 1). */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffError) throw new RefusedError(error.message);
    throw error;
  }
}

/** Runs `staff add|list|roles|disable|enable`; answers the exit code. */
export async function runStaffCommand(
  positional: readonly string[],
  options: Map<string, string[]>,
  deps: StaffCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  const now = (deps.clock ?? (() => new Date()))();
  const by = (): AuditActor => actorOf(deps, positional);
  switch (positional[1]) {
    case 'add': {
      const email = emailOf(positional);
      const roles = rolesOption(options);
      const invitation = await refusing(() =>
        inviteStaff(deps.db, { email, roles, by: by(), now }),
      );
      const origin = backOfficeOrigin(
        deps.publicOrigin ?? readTradeApiConfig(process.env).publicOrigin,
      );
      print(`Invited ${invitation.staff.email} as ${roles.join(', ')}.`);
      print(`One-time link (valid 24 hours, until ${invitation.expiresAt}):`);
      print(`${origin}${invitation.path}`);
      return 0;
    }
    case 'list': {
      const staff = await listStaff(deps.db);
      for (const row of staff) {
        const state =
          row.disabled_at !== null
            ? `disabled ${row.disabled_at}`
            : row.password_hash === null
              ? 'invited'
              : 'active';
        print(`${row.email}  ${rolesOf(row).join(',')}  ${state}`);
      }
      if (staff.length === 0)
        print('No staff yet: npm run ops -- staff add you@example.com --role admin');
      return 0;
    }
    case 'roles': {
      const email = emailOf(positional);
      const roles = rolesOption(options);
      const row = await refusing(() => changeRoles(deps.db, { email }, { roles, by: by(), now }));
      print(`${row.email} now has the roles ${rolesOf(row).join(', ')}.`);
      return 0;
    }
    case 'disable': {
      const email = emailOf(positional);
      const row = await refusing(() => disableStaff(deps.db, { email }, { by: by(), now }));
      print(`${row.email} is disabled; their sessions have ended.`);
      return 0;
    }
    case 'enable': {
      const email = emailOf(positional);
      const row = await refusing(() => enableStaff(deps.db, { email }, { by: by(), now }));
      print(`${row.email} is enabled again.`);
      return 0;
    }
    default:
      throw new UsageError('staff needs add, list, roles, disable or enable');
  }
}

/** Runs `audit [--subject TYPE:ID] [--actor ACTOR] [--limit N]`; answers the exit code. */
export async function runAuditCommand(
  options: Map<string, string[]>,
  deps: StaffCommandDeps,
  print: (line: string) => void,
): Promise<number> {
  const subject = single(options, 'subject');
  let subjectType: string | undefined;
  let subjectId: string | undefined;
  if (subject !== undefined) {
    const colon = subject.indexOf(':');
    if (colon <= 0 || colon === subject.length - 1) {
      throw new UsageError(`--subject must look like trade:T-2026-000001, not "${subject}"`);
    }
    subjectType = subject.slice(0, colon);
    subjectId = subject.slice(colon + 1);
  }
  const limitText = single(options, 'limit') ?? '50';
  if (!/^[1-9][0-9]{0,3}$/.test(limitText)) {
    throw new UsageError(`--limit must be a whole number from 1 to 9999, not "${limitText}"`);
  }
  const events = await auditEvents(deps.db, {
    subjectType,
    subjectId,
    actor: single(options, 'actor'),
    limit: Number(limitText),
  });
  for (const event of events) {
    print(
      `${event.at}  ${event.actorLabel} (${event.actor})  ${event.action}  ${event.subjectType}:${event.subjectId}  via ${event.source}`,
    );
    if (event.before !== null) print(`    before: ${JSON.stringify(event.before)}`);
    if (event.after !== null) print(`    after:  ${JSON.stringify(event.after)}`);
  }
  if (events.length === 0) print('No audit events.');
  return 0;
}
