import { sql, type Selectable, type Transaction } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type {
  CatalogueRevisionKind,
  CatalogueRevisionsTable,
  TradeDatabase,
} from '../db/schema.ts';

/*
 * Every change of prices, factors or catalogue entries is one transaction that starts by writing
 * its `catalogue_revisions` row: who made it, from which command or screen, and what kind of
 * change it is. The nodes watch the newest revision and reload (live-catalogue.ts); the history
 * tables point at the revision. Changes take turns: on PostgreSQL a transaction-scoped advisory
 * lock makes a second change wait for the first; on SQLite the revision row takes the file's
 * write lock, and a change that cannot get it within the busy timeout is refused.
 *
 * Every change also writes its audit events (docs/staff.md, "Audit log") in the same
 * transaction, through `context.audit`: the actor is the back office's staff member or the
 * command line's operator. A change made from a preview names the revision the preview saw
 * (`basedOnRevision`); when another revision was written since, it is refused whole.
 */

/** Who made a change and where it came from, as the history keeps it. */
export interface CatalogueChangeOrigin {
  /** `ops:<user>` for the command line, a staff member's address for the back office. */
  actor: string;
  /** The command line or screen, e.g. `prices import prices.csv --yes`. */
  source: string;
  /**
   * Who the audit log names: the back office's `actorOf(session, request)`. Default: `actor`
   * with its login (`ops:anna` → `anna`) as label and `source`, as the command line is.
   */
  audit?: AuditActor;
}

/** The audit actor of a change's origin. */
function auditActorOf(origin: CatalogueChangeOrigin): AuditActor {
  return (
    origin.audit ?? {
      actor: origin.actor,
      label: origin.actor.replace(/^ops:/, ''),
      source: origin.source,
    }
  );
}

/** What one change is, for its revision row. */
export interface CatalogueChangeRequest {
  kind: Exclude<CatalogueRevisionKind, 'seed'>;
  /** One line saying what changed, e.g. `prices import: 1,204 prices of 241 devices`. */
  note: string;
  origin: CatalogueChangeOrigin;
  /** Compute everything, write nothing: the transaction is rolled back at the end. */
  dryRun?: boolean;
  /** Default: the system clock. */
  now?: Date;
  /**
   * The newest revision the caller saw when it previewed the change: if another revision was
   * written since, the change is refused with {@link CatalogueChangedError}.
   */
  basedOnRevision?: number;
}

/** A change previewed on a catalogue that has changed since; nothing was written. */
export class CatalogueChangedError extends Error {
  constructor(
    readonly basedOnRevision: number,
    readonly newestRevision: number | null,
  ) {
    super(
      `The catalogue or its prices changed after the preview (revision ${newestRevision ?? 'none'}, not ${basedOnRevision}); nothing was written. Preview the change again.`,
    );
    this.name = 'CatalogueChangedError';
  }
}

/** A change that another change kept from starting (SQLite only: PostgreSQL waits). */
export class CatalogueBusyError extends Error {
  constructor() {
    super(
      'Another catalogue or price change is being written right now; try again when it has finished.',
    );
    this.name = 'CatalogueBusyError';
  }
}

/** Key of the PostgreSQL advisory lock that makes catalogue changes take turns. */
const catalogueChangeLockKey = 7_402_119;

/** Thrown inside a dry run's transaction to roll it back; never leaves this module. */
class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

/** What a change records in the audit log; actor, source and time come from the change. */
export interface CatalogueAuditEvent {
  /** E.g. `price.changed`, `prices.imported`, `device.retired`. */
  action: string;
  /** `catalogue_revision` for a change of many entries, `device` for one device. */
  subjectType: 'catalogue_revision' | 'device';
  subjectId: string;
  /** A summary of what was before (counts and the largest moves, not every row). */
  before: unknown;
  after: unknown;
}

/** The transaction of a change and the id of its revision. */
export interface CatalogueChangeContext {
  trx: Transaction<TradeDatabase>;
  revisionId: number;
  now: Date;
  /** Writes an audit event of this change in its transaction. */
  audit(event: CatalogueAuditEvent): Promise<void>;
}

/**
 * Runs `change` in one transaction that first takes the catalogue change lock and writes the
 * revision row. A dry run rolls everything back and returns what `change` returned. When
 * `change` decides there is nothing to do it may throw; nothing is then written either.
 */
export async function runCatalogueChange<T>(
  db: TradeDb,
  request: CatalogueChangeRequest,
  change: (context: CatalogueChangeContext) => Promise<T>,
): Promise<T> {
  const now = request.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      if (databaseDialect(trx) === 'postgres') {
        await sql`select pg_advisory_xact_lock(${catalogueChangeLockKey})`.execute(trx);
      }
      const revision = await trx
        .insertInto('catalogue_revisions')
        .values({
          created_at: now.toISOString(),
          note: request.note,
          kind: request.kind,
          actor: request.origin.actor,
          source: request.origin.source,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (request.basedOnRevision !== undefined) {
        // Checked after the revision row is written: the lock (or SQLite's write lock) is held.
        const previous = await trx
          .selectFrom('catalogue_revisions')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('id', '<', revision.id)
          .executeTakeFirst();
        const latest = previous?.id === null || previous === undefined ? null : Number(previous.id);
        if (latest !== request.basedOnRevision) {
          throw new CatalogueChangedError(request.basedOnRevision, latest);
        }
      }
      const by = auditActorOf(request.origin);
      const audit = (event: CatalogueAuditEvent) => recordAudit(trx, { ...event, by, at: now });
      const result = await change({ trx, revisionId: revision.id, now, audit });
      if (request.dryRun === true) throw new DryRunRollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result as T;
    if (databaseDialect(db) === 'sqlite' && isSqliteBusy(error)) throw new CatalogueBusyError();
    throw error;
  }
}

/** Sets the note of a change's revision once its size is known (inside the change). */
export async function describeRevision(
  context: CatalogueChangeContext,
  note: string,
): Promise<void> {
  await context.trx
    .updateTable('catalogue_revisions')
    .set({ note })
    .where('id', '=', context.revisionId)
    .execute();
}

/** node:sqlite's "database is locked" past the busy timeout. */
function isSqliteBusy(error: unknown): boolean {
  return isDatabaseUnavailable(error) && /locked|busy/i.test(String(error));
}

/** The newest revision; undefined for a database never seeded. */
export async function latestRevision(
  db: TradeDb,
): Promise<Selectable<CatalogueRevisionsTable> | undefined> {
  return db
    .selectFrom('catalogue_revisions')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The kinds of the revisions after `revisionId`, oldest first. */
export async function revisionKindsAfter(db: TradeDb, revisionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('catalogue_revisions')
    .select('kind')
    .where('id', '>', revisionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}
