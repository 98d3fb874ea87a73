import { staffRoleSchema, type StaffMemberView, type StaffRole } from '@tradein/contract';
import type { TradeDb } from '../db/create-database.ts';
import type { StaffTable } from '../db/schema.ts';
import { StaffError } from './staff-error.ts';

/*
 * Reading staff rows: roles are stored as a JSON array of role names; what leaves this module
 * never carries the password hash or the TOTP secret.
 */

/** A stored staff row. */
export type StaffRow = StaffTable;

/** The roles of a row (unknown names, which no code writes, are dropped). */
export function rolesOf(row: Pick<StaffRow, 'roles'>): StaffRole[] {
  const parsed: unknown = JSON.parse(row.roles);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((role) => {
    const checked = staffRoleSchema.safeParse(role);
    return checked.success ? [checked.data] : [];
  });
}

/** Roles as stored: each once, in the order of the role list. */
export function storedRoles(roles: readonly StaffRole[]): string {
  return JSON.stringify(staffRoleSchema.options.filter((role) => roles.includes(role)));
}

/** A staff member as shown: no secrets. */
export function staffView(row: StaffRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale === 'de' ? 'de' : 'en',
    roles: rolesOf(row),
    invitationPending: row.password_hash === null,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  };
}

/** What the audit log keeps of a staff member: who they are, their roles and state. */
export function auditedStaff(row: StaffRow): Record<string, unknown> {
  return {
    email: row.email,
    roles: rolesOf(row),
    disabledAt: row.disabled_at,
    invitationPending: row.password_hash === null,
  };
}

/** The lower-case form addresses are stored and compared in. */
export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The row of an address, or undefined. */
export async function findStaffByEmail(db: TradeDb, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', normalizeStaffEmail(email))
    .executeTakeFirst();
}

/** The row of an id or address; a refusal naming it when there is none. */
export async function requireStaffRow(
  db: TradeDb,
  who: { id: string } | { email: string },
): Promise<StaffRow> {
  const row =
    'id' in who
      ? await db.selectFrom('staff').selectAll().where('id', '=', who.id).executeTakeFirst()
      : await findStaffByEmail(db, who.email);
  if (row === undefined) {
    throw new StaffError(
      'notFound',
      'id' in who ? 'No such staff member.' : `No staff member has the address ${who.email}.`,
    );
  }
  return row;
}
