import { describe, expect, it } from 'vitest';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import type { TradeDb } from './create-database.ts';
import { claimWithinCaps, secondsUntilFree, type ClaimOutcome } from './windowed-cap.ts';

const hourMs = 60 * 60 * 1000;

/** A claim in `trade_mail_claims` for a recipient and a client, capped per both. */
function claim(
  db: TradeDb,
  use: { recipient: string; client: string; at: Date },
  caps: { perRecipient: number; perClient: number } = { perRecipient: 2, perClient: 3 },
  /** Runs after the claim's row is written, before it is counted (and, on PostgreSQL, committed). */
  afterInsert: () => Promise<void> = async () => {},
): Promise<ClaimOutcome> {
  return claimWithinCaps(db, {
    table: 'trade_mail_claims',
    insert: async (trx) => {
      const row = await trx
        .insertInto('trade_mail_claims')
        .values({
          recipient_key: use.recipient,
          client_address: use.client,
          created_at: use.at.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await afterInsert();
      return row.id;
    },
    release: async (trx, id) => {
      await trx.deleteFrom('trade_mail_claims').where('id', '=', id).execute();
    },
    caps: [
      { counts: (eb) => eb('recipient_key', '=', use.recipient), max: caps.perRecipient },
      { counts: (eb) => eb('client_address', '=', use.client), max: caps.perClient },
    ],
    windowMs: hourMs,
    now: use.at,
  });
}

async function claimRows(db: TradeDb, recipient: string): Promise<number> {
  const rows = await db
    .selectFrom('trade_mail_claims')
    .select('id')
    .where('recipient_key', '=', recipient)
    .execute();
  return rows.length;
}

describe('secondsUntilFree', () => {
  it('counts whole seconds up, and at least one', () => {
    const now = new Date('2026-01-01T10:00:00.000Z');
    expect(secondsUntilFree('2026-01-01T09:30:00.000Z', hourMs, now)).toBe(1800);
    expect(secondsUntilFree('2026-01-01T09:00:00.500Z', hourMs, now)).toBe(1);
    expect(secondsUntilFree('2026-01-01T08:00:00.000Z', hourMs, now)).toBe(1);
  });
});

describe.each(testDatabases())('a windowed cap on $name', (engine) => {
  const database = useMigratedDatabase(engine);

  it('grants exactly the cap to parallel claims and removes the refused ones', async () => {
    const db = database();
    const at = new Date('2026-01-01T10:00:00.000Z');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        claim(db, { recipient: 'parallel', client: `client-${index}`, at }),
      ),
    );
    expect(outcomes.filter((outcome) => 'claimId' in outcome)).toHaveLength(2);
    expect(outcomes.filter((outcome) => 'retryAfterSeconds' in outcome)).toHaveLength(10);
    expect(await claimRows(db, 'parallel')).toBe(2);
  });

  it('counts a claim whose row is written first but committed late', async () => {
    const db = database();
    const at = new Date('2026-01-01T11:00:00.000Z');
    const caps = { perRecipient: 1, perClient: 10 };
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const slow = claim(db, { recipient: 'late', client: 'a', at }, caps, async () => {
      written();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await firstWritten;
    // The second claim gets the larger id while the first one's row is not yet committed.
    const fast = claim(db, { recipient: 'late', client: 'b', at }, caps);
    const outcomes = await Promise.all([slow, fast]);
    expect(outcomes[0]).toHaveProperty('claimId');
    expect(outcomes[1]).toHaveProperty('retryAfterSeconds');
    expect(await claimRows(db, 'late')).toBe(1);
  });

  it('refuses by the fullest cap and names the wait until its oldest claim leaves the window', async () => {
    const db = database();
    const start = new Date('2026-01-02T10:00:00.000Z');
    const minutes = (count: number) => new Date(start.getTime() + count * 60_000);
    for (const [index, at] of [minutes(0), minutes(10), minutes(20)].entries()) {
      expect(await claim(db, { recipient: `r-${index}`, client: 'one-client', at })).toHaveProperty(
        'claimId',
      );
    }
    // The client's fourth claim in the hour: free again once the first leaves, 30 minutes on.
    expect(await claim(db, { recipient: 'r-3', client: 'one-client', at: minutes(30) })).toEqual({
      retryAfterSeconds: 30 * 60,
    });
    expect(
      await claim(db, { recipient: 'r-3', client: 'one-client', at: minutes(60) }),
    ).toHaveProperty('claimId');
  });

  it('counts only the claims of the window and no refused one', async () => {
    const db = database();
    const at = new Date('2026-01-03T10:00:00.000Z');
    const caps = { perRecipient: 1, perClient: 10 };
    const old = new Date(at.getTime() - hourMs);
    expect(await claim(db, { recipient: 'window', client: 'a', at: old }, caps)).toHaveProperty(
      'claimId',
    );
    expect(await claim(db, { recipient: 'window', client: 'b', at }, caps)).toHaveProperty(
      'claimId',
    );
    expect(await claim(db, { recipient: 'window', client: 'c', at }, caps)).toHaveProperty(
      'retryAfterSeconds',
    );
    // The refused claim left no row, so it keeps nobody else out.
    expect(await claimRows(db, 'window')).toBe(2);
  });
});
