import type { StaffRole } from '@tradein/contract';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import { StaffError } from './staff-error.ts';
import {
  auditedStaff,
  requireStaffRow,
  rolesOf,
  storedRoles,
  type StaffRow,
} from './staff-records.ts';
import { signOutEverywhere } from './staff-sessions.ts';

/*
 * Managing staff (docs/staff.md, "Roles"): roles, disabling and enabling, each with its audit
 * event in the same transaction. The last active admin (enabled, invitation accepted) can
 * neither lose the admin role nor be disabled, so the back office always has someone who can
 * let people in.
 */

/** Key of the PostgreSQL advisory lock that serializes changes of roles and states. */
const staffChangeLock = 7_402_301;

/** Who a staff change names: the member's id or address. */
export type StaffKey = { id: string } | { email: string };

/** Every staff member, by address. */
export async function listStaff(db: TradeDb): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('email').execute();
}

/** Whether a row is an active admin: enabled, invitation accepted, with the admin role. */
function isActiveAdmin(row: StaffRow): boolean {
  return row.disabled_at === null && row.password_hash !== null && rolesOf(row).includes('admin');
}

/** Runs a change of one member under the staff lock, with the audit event of its result. */
async function changeStaff(
  db: TradeDb,
  key: StaffKey,
  input: { by: AuditActor; now: Date; action: string },
  change: (row: StaffRow) => StaffRow,
  alsoInTransaction?: (trx: TradeDb, row: StaffRow) => Promise<void>,
): Promise<StaffRow> {
  return db.transaction().execute(async (trx) => {
    if (databaseDialect(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(${staffChangeLock}::integer)`.execute(trx);
    }
    const before = await requireStaffRow(trx, key);
    const after = { ...change(before), updated_at: input.now.toISOString() };
    if (isActiveAdmin(before) && !isActiveAdmin(after)) {
      const admins = (await listStaff(trx)).filter(isActiveAdmin);
      if (admins.length <= 1) {
        throw new StaffError(
          'lastAdmin',
          `${before.email} is the last active admin: make someone else admin first.`,
        );
      }
    }
    await trx
      .updateTable('staff')
      .set({ roles: after.roles, disabled_at: after.disabled_at, updated_at: after.updated_at })
      .where('id', '=', before.id)
      .execute();
    await recordAudit(trx, {
      by: input.by,
      action: input.action,
      subjectType: 'staff',
      subjectId: before.id,
      before: auditedStaff(before),
      after: auditedStaff(after),
      at: input.now,
    });
    await alsoInTransaction?.(trx, after);
    return after;
  });
}

/** Gives a member exactly these roles. */
export async function changeRoles(
  db: TradeDb,
  key: StaffKey,
  input: { roles: readonly StaffRole[]; by: AuditActor; now: Date },
): Promise<StaffRow> {
  return changeStaff(db, key, { ...input, action: 'staff.roles_changed' }, (row) => ({
    ...row,
    roles: storedRoles(input.roles),
  }));
}

/**
 * Disables a member: ends their sessions and any open invitation link, in the same transaction.
 * Disabling a disabled member changes nothing but is recorded.
 */
export async function disableStaff(
  db: TradeDb,
  key: StaffKey,
  input: { by: AuditActor; now: Date },
): Promise<StaffRow> {
  return changeStaff(
    db,
    key,
    { ...input, action: 'staff.disabled' },
    (row) => ({ ...row, disabled_at: row.disabled_at ?? input.now.toISOString() }),
    async (trx, row) => {
      await signOutEverywhere(trx, row.id, input.now);
      await trx
        .updateTable('staff_verifications')
        .set({ used_at: input.now.toISOString() })
        .where('target', '=', row.id)
        .where('used_at', 'is', null)
        .execute();
    },
  );
}

/** Enables a disabled member again. */
export async function enableStaff(
  db: TradeDb,
  key: StaffKey,
  input: { by: AuditActor; now: Date },
): Promise<StaffRow> {
  return changeStaff(db, key, { ...input, action: 'staff.enabled' }, (row) => ({
    ...row,
    disabled_at: null,
  }));
}

/** A member's own settings: the back office's language and the name it shows. */
export async function changePreferences(
  db: TradeDb,
  staffId: string,
  input: { locale: 'en' | 'de'; name?: string | undefined; by: AuditActor; now: Date },
): Promise<StaffRow> {
  return db.transaction().execute(async (trx) => {
    const before = await requireStaffRow(trx, { id: staffId });
    const after: StaffRow = {
      ...before,
      locale: input.locale,
      name: input.name === undefined ? before.name : input.name,
      updated_at: input.now.toISOString(),
    };
    await trx
      .updateTable('staff')
      .set({ locale: after.locale, name: after.name, updated_at: after.updated_at })
      .where('id', '=', before.id)
      .execute();
    await recordAudit(trx, {
      by: input.by,
      action: 'staff.preferences_changed',
      subjectType: 'staff',
      subjectId: before.id,
      before: { locale: before.locale, name: before.name },
      after: { locale: after.locale, name: after.name },
      at: input.now,
    });
    return after;
  });
}
