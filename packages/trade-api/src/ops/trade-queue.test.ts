import { tradeQueueQuerySchema, type TradeQueueQueryInput } from '@tradein/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import {
  insertQueueTrades,
  type QueueCustomer,
  type QueueTrade,
} from '../../test-kit/queue-trades.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { queryTradeQueue, startOfDay } from './trade-queue.ts';

const customers: QueueCustomer[] = [
  { id: 'c1', firstName: 'Anna', lastName: 'Müller', email: 'anna.mueller@example.com' },
  { id: 'c2', firstName: 'Ben', lastName: 'Schmidt', email: 'ben@shop.example' },
  { id: 'c3', firstName: 'Élodie', lastName: 'ÖZTÜRK', email: 'jk_1@example.com' },
  { id: 'c4', firstName: 'Lena', lastName: 'von Berg', email: 'lena@example.com' },
  { id: 'c5', firstName: 'MARIA', lastName: 'Rossi', email: 'jkx@example.com' },
];

/** A trade of the test set; ids 1–8 in checkout order. */
function trade(
  id: number,
  fields: Omit<QueueTrade, 'id' | 'partner' | 'shopMode' | 'lines'> &
    Partial<Pick<QueueTrade, 'partner' | 'shopMode' | 'lines'>>,
): QueueTrade {
  return { id, partner: null, shopMode: 'default', lines: [1], ...fields };
}

const trades: QueueTrade[] = [
  trade(1, {
    status: 'created',
    edition: 'de',
    createdAt: '2025-01-10T10:00:00.000Z',
    totalCents: 10_000,
    customerId: 'c1',
  }),
  // 00:30 on 1 April in Berlin (summer time).
  trade(2, {
    status: 'received',
    edition: 'de',
    shopMode: 'b2bWidget',
    partner: 'otto',
    createdAt: '2025-03-31T22:30:00.000Z',
    totalCents: 25_000,
    customerId: 'c2',
    lines: [1, 2],
  }),
  trade(3, {
    status: 'paid',
    edition: 'at',
    partner: 'otto',
    createdAt: '2025-04-01T12:00:00.000Z',
    totalCents: 5_000,
    customerId: 'c3',
    lines: [1, 1, 1],
  }),
  trade(4, {
    status: 'paid',
    edition: 'fr',
    shopMode: 'agan',
    createdAt: '2025-06-15T08:00:00.000Z',
    totalCents: 30_000,
    customerId: 'c1',
  }),
  // 00:30 on 1 January 2026 in Berlin; its customer was deleted.
  trade(5, {
    status: 'returned',
    edition: 'es',
    shopMode: 'aganwidget',
    partner: 'saturn',
    createdAt: '2025-12-31T23:30:00.000Z',
    totalCents: 7_000,
    customerId: null,
  }),
  trade(6, {
    status: 'clarification',
    edition: 'it',
    createdAt: '2026-01-05T10:00:00.000Z',
    totalCents: 12_000,
    customerId: 'c4',
    lines: [2],
  }),
  trade(7, {
    status: 'accepted',
    edition: 'de',
    createdAt: '2026-02-01T10:00:00.000Z',
    totalCents: 12_000,
    customerId: 'c5',
  }),
  trade(8, {
    status: 'inspected',
    edition: 'de',
    partner: 'otto',
    createdAt: '2026-03-01T10:00:00.000Z',
    totalCents: 90_000,
    customerId: 'c2',
  }),
];

/** No trades of any status: the counts of an empty list. */
const noTrades = {
  created: 0,
  received: 0,
  inspected: 0,
  clarification: 0,
  accepted: 0,
  paid: 0,
  returned: 0,
};

describe.each(testDatabases())('the trades queue on $name', (engine) => {
  const db = useMigratedDatabase(engine);
  beforeAll(async () => {
    await seedCatalogue(db(), testCatalogue(6));
    await insertQueueTrades(db(), customers, trades);
  });

  /** The queue for a query as a URL or caller gives it. */
  const queue = (query: TradeQueueQueryInput) =>
    queryTradeQueue(db(), tradeQueueQuerySchema.parse(query));
  /** The trade ids of a page, in its order. */
  const ids = async (query: TradeQueueQueryInput) =>
    (await queue(query)).rows.map((row) => Number(row.tradeNumber.slice(-6)));

  it('lists every trade newest first, with the count of each status', async () => {
    const page = await queue({});
    expect(page.rows.map((row) => row.tradeNumber)).toEqual([
      'T-2026-000008',
      'T-2026-000007',
      'T-2026-000006',
      'T-2025-000005',
      'T-2025-000004',
      'T-2025-000003',
      'T-2025-000002',
      'T-2025-000001',
    ]);
    expect(page.total).toBe(8);
    expect(page.counts).toEqual({
      created: 1,
      received: 1,
      inspected: 1,
      clarification: 1,
      accepted: 1,
      paid: 2,
      returned: 1,
    });
  });

  it('shows per row the customer, lines, devices, partner and mode', async () => {
    const page = await queue({ q: 'T-2025-000002' });
    expect(page.rows).toEqual([
      {
        tradeNumber: 'T-2025-000002',
        status: 'received',
        edition: 'de',
        shopMode: 'b2bWidget',
        partner: 'otto',
        createdAt: '2025-03-31T22:30:00.000Z',
        customer: { firstName: 'Ben', lastName: 'Schmidt', email: 'ben@shop.example' },
        items: 2,
        devices: 3,
        totalCents: 25_000,
      },
    ]);
    const deleted = await queue({ status: 'returned' });
    expect(deleted.rows[0]?.customer).toBeNull();
    expect(deleted.rows[0]?.items).toBe(1);
  });

  it('filters by status, and the tabs still count every status', async () => {
    const page = await queue({ status: 'paid' });
    expect(page.rows.map((row) => row.tradeNumber)).toEqual(['T-2025-000004', 'T-2025-000003']);
    expect(page.total).toBe(2);
    expect(page.counts).toEqual((await queue({})).counts);
  });

  it('filters by edition, and counts the edition per status', async () => {
    const page = await queue({ edition: 'de' });
    expect(page.rows.map((row) => row.tradeNumber.slice(-1))).toEqual(['8', '7', '2', '1']);
    expect(page.counts).toEqual({
      ...noTrades,
      created: 1,
      received: 1,
      inspected: 1,
      accepted: 1,
    });
    expect(await ids({ edition: 'de', status: 'accepted' })).toEqual([7]);
    expect(await ids({ edition: 'es' })).toEqual([5]);
  });

  it('filters by shop mode and by partner code', async () => {
    expect(await ids({ mode: 'b2bWidget' })).toEqual([2]);
    expect(await ids({ mode: 'agan' })).toEqual([4]);
    expect(await ids({ mode: 'default' })).toEqual([8, 7, 6, 3, 1]);
    expect(await ids({ partner: 'otto' })).toEqual([8, 3, 2]);
    const paid = await queue({ partner: 'otto', status: 'paid' });
    expect(paid.total).toBe(1);
    expect(paid.counts).toEqual({ ...noTrades, received: 1, inspected: 1, paid: 1 });
    // A partner code is matched exactly.
    expect(await ids({ partner: 'Otto' })).toEqual([]);
  });

  it('filters by days of checkout in Central European time, both days included', async () => {
    // 22:30 UTC on 31 March is 1 April in Berlin; 23:30 UTC on 31 December is 1 January.
    expect(await ids({ from: '2025-04-01', to: '2025-04-01' })).toEqual([3, 2]);
    expect(await ids({ to: '2025-03-31' })).toEqual([1]);
    expect(await ids({ from: '2026-01-01' })).toEqual([8, 7, 6, 5]);
    expect(await ids({ to: '2025-12-31' })).toEqual([4, 3, 2, 1]);
    const range = await queue({ from: '2025-04-01', to: '2025-12-31', status: 'paid' });
    expect(range.rows.map((row) => row.tradeNumber)).toEqual(['T-2025-000004', 'T-2025-000003']);
    expect(range.counts).toEqual({ ...noTrades, received: 1, paid: 2 });
    expect(startOfDay('2025-04-01')).toBe('2025-03-31T22:00:00.000Z');
    expect(startOfDay('2026-01-01')).toBe('2025-12-31T23:00:00.000Z');
  });

  it('finds a trade by its number, whole or its beginning, in any case', async () => {
    expect(await ids({ q: 'T-2025-000003' })).toEqual([3]);
    expect(await ids({ q: 't-2025-000003' })).toEqual([3]);
    expect(await ids({ q: 'T-2026' })).toEqual([8, 7, 6]);
    expect(await ids({ q: 't-2025-00000' })).toEqual([5, 4, 3, 2, 1]);
    expect(await ids({ q: 'T-2025-000009' })).toEqual([]);
  });

  it('finds trades by the beginning of the e-mail address, in any case', async () => {
    expect(await ids({ q: 'ANNA.MUE' })).toEqual([4, 1]);
    expect(await ids({ q: 'ben@shop.example' })).toEqual([8, 2]);
    // `_` is a character, not LIKE's wildcard: jkx@… does not start with jk_.
    expect(await ids({ q: 'jk_' })).toEqual([3]);
    expect(await ids({ q: 'jk' })).toEqual([7, 3]);
    // A beginning, not a part.
    expect(await ids({ q: 'mueller' })).toEqual([]);
  });

  it('finds trades by the beginning of a first or last name, in any case', async () => {
    expect(await ids({ q: 'anna' })).toEqual([4, 1]);
    expect(await ids({ q: 'Müll' })).toEqual([4, 1]);
    expect(await ids({ q: 'maria' })).toEqual([7]);
    expect(await ids({ q: 'ROSS' })).toEqual([7]);
    expect(await ids({ q: 'anna müller' })).toEqual([4, 1]);
    expect(await ids({ q: 'müller anna' })).toEqual([4, 1]);
    expect(await ids({ q: 'lena von' })).toEqual([6]);
    expect(await ids({ q: 'von berg' })).toEqual([6]);
    expect(await ids({ q: 'anna schmidt' })).toEqual([]);
    // Letters beyond A–Z, which SQLite's lower() leaves as they are, whichever way typed.
    expect(await ids({ q: 'élodie' })).toEqual([3]);
    expect(await ids({ q: 'ÉLO' })).toEqual([3]);
    expect(await ids({ q: 'öztürk' })).toEqual([3]);
    expect(await ids({ q: 'Öztü' })).toEqual([3]);
    expect(await ids({ q: 'élodie öztürk' })).toEqual([3]);
    const paid = await queue({ q: 'anna', status: 'paid' });
    expect(paid.rows.map((row) => row.tradeNumber)).toEqual(['T-2025-000004']);
    expect(paid.counts).toEqual({ ...noTrades, created: 1, paid: 1 });
  });

  it('answers no rows and counts of zero when nothing matches', async () => {
    expect(await queue({ q: 'nobody' })).toEqual({ rows: [], total: 0, counts: noTrades });
  });

  it('sorts by total, checkout time and number, both ways, ties by number', async () => {
    expect(await ids({ sort: 'total', direction: 'asc' })).toEqual([3, 5, 1, 6, 7, 2, 4, 8]);
    expect(await ids({ sort: 'total', direction: 'desc' })).toEqual([8, 4, 2, 7, 6, 1, 5, 3]);
    expect(await ids({ sort: 'created', direction: 'asc' })).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await ids({ sort: 'number', direction: 'desc' })).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await ids({ status: 'paid', sort: 'total', direction: 'asc' })).toEqual([3, 4]);
  });

  it('pages, the last page partly filled and a page beyond the end empty', async () => {
    expect(await ids({ pageSize: '3' })).toEqual([8, 7, 6]);
    expect(await ids({ pageSize: '3', page: '2' })).toEqual([5, 4, 3]);
    const last = await queue({ pageSize: 3, page: 3 });
    expect(last.rows.map((row) => row.tradeNumber.slice(-1))).toEqual(['2', '1']);
    const beyond = await queue({ pageSize: 3, page: 4 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(8);
    expect(beyond.counts.paid).toBe(2);
    expect(await ids({ pageSize: 1, page: 8 })).toEqual([1]);
    expect(await ids({ pageSize: 100 })).toHaveLength(8);
  });

  it('has its indexes from migration 0019, which its down removes again', async () => {
    const indexNames = async () =>
      engine.name === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename in ('trades', 'customers')`.execute(
              db(),
            )
          ).rows.map((row) => row.name)
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name in ('trades', 'customers')`.execute(
              db(),
            )
          ).rows.map((row) => row.name);
    const queueIndexes = [
      'trades_status_created',
      'trades_created',
      'trades_edition_status_created',
      'trades_mode_status_created',
      'trades_partner_created',
      'trades_status_total',
      'trades_total',
      'customers_first_name_lower',
      'customers_last_name_lower',
      ...(engine.name === 'postgres' ? ['trades_number_pattern', 'customers_email_pattern'] : []),
    ];
    expect(await indexNames()).toEqual(expect.arrayContaining(queueIndexes));
    const migration = migrations['0019_trade_queue_indexes'];
    await migration?.down?.(db());
    const left = await indexNames();
    expect(left.filter((name) => queueIndexes.includes(name))).toEqual([]);
    await migration?.up(db());
    expect(await indexNames()).toEqual(expect.arrayContaining(queueIndexes));
    expect(await ids({ q: 'anna' })).toEqual([4, 1]);
  });
});

describe.each(testDatabases())('a broad search of the trades queue on $name', (engine) => {
  const db = useMigratedDatabase(engine);
  const count = 1_002;
  beforeAll(async () => {
    await seedCatalogue(db(), testCatalogue(6));
    const many = Array.from({ length: count }, (_, index) => ({
      id: `v${index}`,
      firstName: 'Viktor',
      lastName: `Nummer ${index}`,
      email: `viktor${index}@example.com`,
    }));
    await insertQueueTrades(
      db(),
      [...many, { id: 'x', firstName: 'Xaver', lastName: 'Vikas', email: 'x@example.com' }],
      [...many, { id: 'x' }].map((customer, index) =>
        trade(index + 1, {
          status: index % 2 === 0 ? 'created' : 'paid',
          edition: 'de',
          createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
          totalCents: 1_000,
          customerId: customer.id,
        }),
      ),
    );
  });

  it('finds the trades of more than 1,000 customers, paged and counted', async () => {
    const page = await queryTradeQueue(
      db(),
      tradeQueueQuerySchema.parse({ q: 'vik', status: 'created', pageSize: 100 }),
    );
    // Viktor by first name and Xaver Vikas (the last trade) by last name.
    expect(page.counts).toEqual({ ...noTrades, created: 502, paid: 501 });
    expect(page.total).toBe(502);
    expect(page.rows).toHaveLength(100);
    expect(page.rows[0]?.customer?.lastName).toBe('Vikas');
    expect(page.rows[1]?.customer?.lastName).toBe('Nummer 1000');
  });
});
