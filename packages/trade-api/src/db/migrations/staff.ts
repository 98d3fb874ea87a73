import type { Kysely } from 'kysely';
import { databaseDialect } from '../create-database.ts';
import { generatedId } from '../generated-id.ts';

/*
 * The back office's people and their record (docs/staff.md): staff members with roles, one
 * verification table for invitations (and later password resets), server-side staff sessions,
 * and the append-only audit log of who changed what.
 */

/** Adds `staff`, `staff_verifications`, `staff_sessions` and `audit_events`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = databaseDialect(db);
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('locale', 'text', (column) => column.notNull().defaultTo('en'))
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('roles', 'text', (column) => column.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('staff_verifications')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull().references('staff.id'))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('staff_verifications_target')
    .on('staff_verifications')
    .columns(['target', 'type'])
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_sessions_staff')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('actor_label', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('subject_type', 'text', (column) => column.notNull())
    .addColumn('subject_id', 'text', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('source', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_subject')
    .on('audit_events')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_actor')
    .on('audit_events')
    .columns(['actor', 'id'])
    .execute();
}

/** Removes what {@link up} added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_verifications').execute();
  await db.schema.dropTable('staff').execute();
}
