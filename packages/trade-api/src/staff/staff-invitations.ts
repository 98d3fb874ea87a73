import { randomUUID } from 'node:crypto';
import { passwordSchema, type StaffRole } from '@tradein/contract';
import { hashPassword } from '../accounts/password-hashing.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { TradeDb } from '../db/create-database.ts';
import { createOpaqueToken, hashOpaqueToken } from '../tokens/opaque-token.ts';
import { invitationPath } from './back-office-origin.ts';
import { StaffError } from './staff-error.ts';
import {
  auditedStaff,
  findStaffByEmail,
  normalizeStaffEmail,
  rolesOf,
  storedRoles,
  type StaffRow,
} from './staff-records.ts';
import { isTotpCodeValid } from './totp.ts';

/*
 * Invitations (docs/staff.md, "Invitation"): a row of `staff_verifications` of type
 * `invitation` whose target is the staff member; the link carries the token, the table only its
 * SHA-256. It lives 24 hours and is used once. Accepting it sets the password and the second
 * factor; the person then signs in.
 */

/** How long an invitation link lives. */
const invitationMs = 24 * 60 * 60_000;

/** A new invitation: its one-time token and the link path on the back office's host. */
export interface Invitation {
  staff: StaffRow;
  token: string;
  /** `/invitation/<token>`. */
  path: string;
  expiresAt: string;
}

/**
 * Invites a person with roles. A person invited before who has not accepted gets a new link (the
 * old one stops working) and the roles given now; an active or disabled member is refused.
 */
export async function inviteStaff(
  db: TradeDb,
  input: { email: string; roles: readonly StaffRole[]; by: AuditActor; now: Date },
): Promise<Invitation> {
  const email = normalizeStaffEmail(input.email);
  const stamp = input.now.toISOString();
  const token = createOpaqueToken();
  const expiresAt = new Date(input.now.getTime() + invitationMs).toISOString();
  const staff = await db.transaction().execute(async (trx) => {
    const existing = await findStaffByEmail(trx, email);
    if (existing !== undefined && existing.disabled_at !== null) {
      throw new StaffError(
        'alreadyMember',
        `${email} is a disabled staff member: enable them (and invite again if they never accepted).`,
      );
    }
    if (existing !== undefined && existing.password_hash !== null) {
      throw new StaffError('alreadyMember', `${email} is already a staff member.`);
    }
    let row: StaffRow;
    if (existing === undefined) {
      row = {
        id: randomUUID(),
        email,
        name: null,
        locale: 'en',
        password_hash: null,
        totp_secret: null,
        roles: storedRoles(input.roles),
        disabled_at: null,
        created_at: stamp,
        updated_at: stamp,
      };
      await trx.insertInto('staff').values(row).execute();
    } else {
      row = { ...existing, roles: storedRoles(input.roles), updated_at: stamp };
      await trx
        .updateTable('staff')
        .set({ roles: row.roles, updated_at: stamp })
        .where('id', '=', row.id)
        .execute();
    }
    // A new link replaces every earlier one of this person.
    await trx
      .updateTable('staff_verifications')
      .set({ used_at: stamp })
      .where('target', '=', row.id)
      .where('type', '=', 'invitation')
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('staff_verifications')
      .values({
        type: 'invitation',
        target: row.id,
        token_hash: hashOpaqueToken(token),
        expires_at: expiresAt,
        used_at: null,
        created_at: stamp,
      })
      .execute();
    await recordAudit(trx, {
      by: input.by,
      action: existing === undefined ? 'staff.invited' : 'staff.reinvited',
      subjectType: 'staff',
      subjectId: row.id,
      before: existing === undefined ? null : auditedStaff(existing),
      after: auditedStaff(row),
      at: input.now,
    });
    return row;
  });
  return { staff, token, path: invitationPath(token), expiresAt };
}

/** The invitation row of a token and its person; refuses unknown, used and expired ones. */
async function openInvitation(db: TradeDb, token: string, now: Date) {
  const found = await db
    .selectFrom('staff_verifications')
    .innerJoin('staff', 'staff.id', 'staff_verifications.target')
    .select([
      'staff_verifications.id as verification_id',
      'staff_verifications.expires_at',
      'staff_verifications.used_at',
      'staff.id as staff_id',
    ])
    .where('staff_verifications.type', '=', 'invitation')
    .where('staff_verifications.token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst();
  if (found === undefined) {
    throw new StaffError('unknownInvitation', 'This invitation link is not known.');
  }
  if (found.used_at !== null) {
    throw new StaffError(
      'usedInvitation',
      'This invitation link was already used or replaced by a newer one.',
    );
  }
  if (found.expires_at <= now.toISOString()) {
    throw new StaffError(
      'expiredInvitation',
      'This invitation link has expired (links are valid for 24 hours). Ask an admin for a new one.',
    );
  }
  const staff = await db
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', found.staff_id)
    .executeTakeFirstOrThrow();
  return { verificationId: found.verification_id, expiresAt: found.expires_at, staff };
}

/** Who an open invitation is for; refuses unknown, used and expired ones. */
export async function invitationFor(
  db: TradeDb,
  token: string,
  now: Date,
): Promise<{ email: string; roles: StaffRole[]; expiresAt: string }> {
  const { staff, expiresAt } = await openInvitation(db, token, now);
  return { email: staff.email, roles: rolesOf(staff), expiresAt };
}

/**
 * Accepts an invitation: checks the token, the password rules and that `totpCode` is the
 * current code of `totpSecret` (the enrolment the person was shown), then stores the password's
 * argon2id hash and the secret and marks the link used, with its audit event.
 */
export async function acceptInvitation(
  db: TradeDb,
  input: { token: string; password: string; totpSecret: string; totpCode: string; now: Date },
): Promise<StaffRow> {
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) {
    throw new StaffError(
      'passwordRules',
      password.error.issues[0]?.message ?? 'Password is not valid',
    );
  }
  // Checked before the hash is computed, so a dead link costs no argon2.
  await openInvitation(db, input.token, input.now);
  if (!(await isTotpCodeValid(input.totpSecret, input.totpCode))) {
    throw new StaffError(
      'wrongTotpCode',
      'The code does not match: scan the QR code again and type the code your app shows now.',
    );
  }
  const passwordHash = await hashPassword(input.password);
  const stamp = input.now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Checked again inside: a second acceptance of the same link finds it used.
    const { verificationId, staff } = await openInvitation(trx, input.token, input.now);
    const used = await trx
      .updateTable('staff_verifications')
      .set({ used_at: stamp })
      .where('id', '=', verificationId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) {
      throw new StaffError('usedInvitation', 'This invitation link was already used.');
    }
    const after: StaffRow = {
      ...staff,
      password_hash: passwordHash,
      totp_secret: input.totpSecret,
      updated_at: stamp,
    };
    await trx
      .updateTable('staff')
      .set({ password_hash: passwordHash, totp_secret: input.totpSecret, updated_at: stamp })
      .where('id', '=', staff.id)
      .execute();
    await recordAudit(trx, {
      by: { actor: `staff:${staff.id}`, label: staff.email, source: 'invitation' },
      action: 'staff.invitation_accepted',
      subjectType: 'staff',
      subjectId: staff.id,
      before: auditedStaff(staff),
      after: auditedStaff(after),
      at: input.now,
    });
    return after;
  });
}
