import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offerSchema } from '@tradein/contract';
import { latestRevision } from '../catalogue-changes/catalogue-change.ts';
import { formatMoney } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePrices, setFactorArgs } from '../../test-kit/price-rows.ts';
import { testCatalogue } from '../../test-kit/stored-catalogue.ts';
import { rowCounts, testDatabases, useMigratedDatabase } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import type { TradeDb } from '../db/create-database.ts';
import { seedCatalogue } from '../db/seed-catalogue.ts';
import { createMailer } from '../mail/mailer.ts';
import { factorHistory } from '../catalogue-changes/price-history-query.ts';
import { runOpsCommand, type OpsDeps } from './ops-commands.ts';
import { confirmationThreshold } from './ops-command-line.ts';

/** The stored prices as `deviceId:edition` → `base/recycling`. */
async function storedPrices(db: TradeDb): Promise<Map<string, string>> {
  const rows = await db.selectFrom('device_prices').selectAll().execute();
  return new Map(
    rows.map((row) => [
      `${row.device_id}:${row.edition}`,
      `${Number(row.base_price_cents)}/${Number(row.recycling_price_cents)}`,
    ]),
  );
}

/** Runs the operator command line with these dependencies; answers exit code and output. */
async function run(
  deps: OpsDeps,
  argv: string[],
): Promise<{ code: number; output: string; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOpsCommand(argv, deps, (line) => lines.push(line));
  return { code, output: lines.join('\n'), lines };
}

describe.each(testDatabases())('prices commands on $name', (engine) => {
  let fixture: TradesFixture;
  let folder: string;
  let deps: OpsDeps;
  let fileCount = 0;

  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    folder = await mkdtemp(join(tmpdir(), 'tradein-prices-'));
    deps = { ...fixture.deps, origin: { actor: 'ops:erika', source: 'prices (test)' } };
    // Names as the real catalogue has them: a bare series name, a manufacturer's name, and a
    // device name that needs quoting in CSV.
    const db = fixture.db;
    await db
      .updateTable('series_pages')
      .set({ name: 'iPhone 13' })
      .where('series_id', '=', 100)
      .execute();
    await db
      .updateTable('series_pages')
      .set({ name: 'Galaxy S' })
      .where('series_id', '=', 101)
      .execute();
    await db
      .updateTable('manufacturer_pages')
      .set({ name: 'Apple' })
      .where('manufacturer_id', '=', 10)
      .execute();
    await db
      .updateTable('manufacturer_pages')
      .set({ name: 'Samsung' })
      .where('manufacturer_id', '=', 11)
      .execute();
    await db
      .updateTable('devices')
      .set({ name: 'Google Pixel "7", 128 GB' })
      .where('id', '=', 1002)
      .execute();
  });
  afterAll(async () => {
    await fixture.close();
    await rm(folder, { recursive: true, force: true });
  });

  const prices = (...argv: string[]) => run(deps, ['prices', ...argv]);
  /** `prices adjust --edition de …`. */
  const adjustDe = (...argv: string[]) => prices('adjust', '--edition', 'de', ...argv);

  /** Writes a CSV file of these lines; answers its path. */
  async function csvFile(lines: readonly string[]): Promise<string> {
    fileCount += 1;
    const file = join(folder, `prices-${fileCount}.csv`);
    await writeFile(file, `${lines.join('\r\n')}\r\n`);
    return file;
  }

  /** The exported price list with one line's prices replaced. */
  async function exportedWith(
    changes: { deviceId: number; edition: string; base: number; recycling: number }[],
  ): Promise<string[]> {
    const { lines } = await prices('export');
    return lines.map((line) => {
      const change = changes.find((entry) =>
        line.startsWith(`${entry.deviceId},${entry.edition},`),
      );
      if (change === undefined) return line;
      const fields = line.split(',');
      return [...fields.slice(0, -2), change.base, change.recycling].join(',');
    });
  }

  it('exports one CSV row per device and edition, quoting names that need it', async () => {
    const { code, lines } = await prices('export');
    expect(code).toBe(0);
    expect(lines[0]).toBe('deviceId,edition,name,basePriceCents,recyclingPriceCents');
    expect(lines).toHaveLength(1 + 6 * 5);
    expect(lines.slice(1, 6).map((line) => line.split(',')[1])).toEqual([
      'at',
      'de',
      'es',
      'fr',
      'it',
    ]);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      [1000, 1001, 1002, 1003, 1004, 1005].flatMap((id) => [id, id, id, id, id]),
    );
    const stored = await devicePrices(fixture.db, 1002, 'de');
    expect(lines).toContain(
      `1002,de,"Google Pixel ""7"", 128 GB",${stored.base},${stored.recycling}`,
    );
    const german = await prices('export', '--edition', 'de');
    expect(german.lines).toHaveLength(1 + 6);
    expect(german.lines.slice(1).every((line) => line.split(',')[1] === 'de')).toBe(true);
    expect((await prices('export', '--edition', 'xx')).code).toBe(2);
  });

  it('imports its own export as no change at all', async () => {
    const before = await rowCounts(fixture.db);
    const file = await csvFile((await prices('export')).lines);
    const done = await prices('import', file);
    expect(done.code).toBe(0);
    expect(done.output).toContain('nothing to change');
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('changes exactly the rows that differ and keeps their history with who and how', async () => {
    const before = await storedPrices(fixture.db);
    const oldBase = await devicePrices(fixture.db, 1000, 'de');
    const oldFrench = await devicePrices(fixture.db, 1001, 'fr');
    const file = await csvFile(
      await exportedWith([
        { deviceId: 1000, edition: 'de', base: oldBase.base + 1000, recycling: oldBase.recycling },
        {
          deviceId: 1001,
          edition: 'fr',
          base: oldFrench.base,
          recycling: oldFrench.recycling + 20,
        },
      ]),
    );
    const done = await prices('import', file);
    expect(done.code).toBe(0);
    expect(done.output).toContain('Changed 2 prices of 2 devices');
    expect(done.output).toMatch(
      /device 1000 .*\(de\): base 1\d\d,\d\d.€ → 1\d\d,\d\d.€ {2}\+9\.\d %/,
    );

    const after = await storedPrices(fixture.db);
    const differing = [...after].filter(([key, value]) => before.get(key) !== value);
    expect(differing).toEqual([
      ['1000:de', `${oldBase.base + 1000}/${oldBase.recycling}`],
      ['1001:fr', `${oldFrench.base}/${oldFrench.recycling + 20}`],
    ]);

    const revision = await latestRevision(fixture.db);
    if (revision === undefined) throw new Error('no revision was written');
    expect(revision).toMatchObject({
      kind: 'prices',
      actor: 'ops:erika',
      source: 'prices (test)',
      note: 'prices import: 2 prices of 2 devices',
    });
    const history = await fixture.db
      .selectFrom('price_changes')
      .selectAll()
      .where('revision_id', '=', revision.id)
      .orderBy('device_id')
      .execute();
    expect(history.map((row) => ({ ...row, id: 0 }))).toEqual([
      {
        id: 0,
        revision_id: revision.id,
        device_id: 1000,
        edition: 'de',
        old_base_price_cents: oldBase.base,
        new_base_price_cents: oldBase.base + 1000,
        old_recycling_price_cents: oldBase.recycling,
        new_recycling_price_cents: oldBase.recycling,
      },
      {
        id: 0,
        revision_id: revision.id,
        device_id: 1001,
        edition: 'fr',
        old_base_price_cents: oldFrench.base,
        new_base_price_cents: oldFrench.base,
        old_recycling_price_cents: oldFrench.recycling,
        new_recycling_price_cents: oldFrench.recycling + 20,
      },
    ]);

    const shown = await prices('history', '1000', '--edition', 'de');
    expect(shown.code).toBe(0);
    expect(shown.lines).toHaveLength(2);
    expect(shown.lines[0]).toMatch(
      /de {2}base .* \(new\) {2}recycling .* \(new\) {2}by seed via seed/,
    );
    expect(shown.lines[1]).toContain('by ops:erika via prices (test)');
    expect((await prices('history', '1000')).lines.length).toBeGreaterThanOrEqual(6);
    expect((await prices('history', '4242')).code).toBe(1);
    expect((await prices('history', 'abc')).code).toBe(2);
  });

  it('refuses a file with any bad row, names every problem with its line, and changes nothing', async () => {
    const before = await rowCounts(fixture.db);
    const pricesBefore = await storedPrices(fixture.db);
    const current = await devicePrices(fixture.db, 1003, 'de');
    const file = await csvFile([
      'deviceId,edition,name,basePriceCents,recyclingPriceCents',
      '1000,de,,20000,100',
      '999999,de,gone,20000,100',
      '1001,xx,,20000,100',
      '1001,de,,12.5,0',
      '1001,at,,-1,0',
      '1001,es,,abc,0',
      '1001,fr,,,0',
      '1002,de,,20000,20001',
      '1000,de,"a ""second"", line",20000,100',
      `1003,de,,${current.base * 3},${current.recycling}`,
    ]);
    const refused = await prices('import', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('nothing was changed');
    for (const problem of [
      'line 3, deviceId: no device 999999',
      'line 4, edition: must be one of at, de, es, fr, it',
      'line 5, basePriceCents: must be a whole number of cents',
      'line 6, basePriceCents: must be a whole number of cents',
      'line 7, basePriceCents: must be a whole number of cents',
      'line 8, basePriceCents: must be a whole number of cents',
      'line 9, recyclingPriceCents: must not be above the base price',
      'line 10, deviceId: device 1000 in de again: also on line 2',
      'line 11, basePriceCents: moves from',
    ]) {
      expect(refused.output).toContain(problem);
    }
    expect(refused.output).toContain('use --force if intended');
    expect(await rowCounts(fixture.db)).toEqual(before);
    expect(await storedPrices(fixture.db)).toEqual(pricesBefore);
  });

  it('refuses a file with a wrong or missing header column', async () => {
    const wrong = await prices(
      'import',
      await csvFile(['deviceId,edition,name,basePrice,recyclingPriceCents', '1000,de,,1,1']),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('line 1, basePrice: unknown column');
    expect(wrong.output).toContain('line 1, basePriceCents: missing column');
    const empty = await prices('import', await csvFile([]));
    expect(empty.code).toBe(1);
    expect((await prices('import', join(folder, 'missing.csv'))).code).toBe(1);
  });

  it("reads a file saved with npm's banner above the header, counting the file's own lines", async () => {
    const banner = ['', '> ops', '> npm run ops --silent -w @tradein/trade-api -- prices export'];
    const current = await devicePrices(fixture.db, 1001, 'it');
    const refused = await prices(
      'import',
      await csvFile([
        ...banner,
        'deviceId,edition,name,basePriceCents,recyclingPriceCents',
        '1001,it,,12.5,0',
      ]),
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('line 5, basePriceCents: must be a whole number of cents');
    const applied = await prices(
      'import',
      await csvFile([
        ...banner,
        'deviceId,edition,name,basePriceCents,recyclingPriceCents',
        `1001,it,,${current.base + 1},${current.recycling}`,
      ]),
    );
    expect(applied.code).toBe(0);
    expect((await devicePrices(fixture.db, 1001, 'it')).base).toBe(current.base + 1);
  });

  it('counts the problems past the first twenty', async () => {
    const lines = ['deviceId,edition,name,basePriceCents,recyclingPriceCents'];
    for (let index = 0; index < 25; index += 1) lines.push(`1000,de,,x${index},0`);
    const refused = await prices('import', await csvFile(lines));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('line 21, basePriceCents');
    expect(refused.output).not.toContain('line 22, basePriceCents');
    expect(refused.output).toContain('… and 5 more problems');
  });

  it('guards against moves of more than half unless forced, and writes nothing on a dry run', async () => {
    const current = await devicePrices(fixture.db, 1004, 'it');
    const doubled = await csvFile(
      await exportedWith([
        { deviceId: 1004, edition: 'it', base: current.base * 2, recycling: current.recycling },
      ]),
    );
    const refused = await prices('import', doubled);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/line \d+, basePriceCents: moves from .* \(\+100\.0 %\)/);

    const before = await rowCounts(fixture.db);
    const dry = await prices('import', doubled, '--force', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toContain('Dry run: would change 1 price of 1 device');
    expect(await rowCounts(fixture.db)).toEqual(before);
    expect(await devicePrices(fixture.db, 1004, 'it')).toEqual(current);

    const forced = await prices('import', doubled, '--force');
    expect(forced.code).toBe(0);
    expect(await devicePrices(fixture.db, 1004, 'it')).toEqual({
      base: current.base * 2,
      recycling: current.recycling,
    });
  });

  it('adjusts a series, a manufacturer or a category by a percentage, capping recycling', async () => {
    const iphone = await devicePrices(fixture.db, 1000, 'de');
    const iphoneToo = await devicePrices(fixture.db, 1004, 'de');
    const other = await storedPrices(fixture.db);
    const bySeries = await adjustDe('--series', 'iphone 13', '--percent', '-5');
    expect(bySeries.code).toBe(0);
    expect(bySeries.output).toContain('Changed 2 prices of 2 devices');
    expect(await devicePrices(fixture.db, 1000, 'de')).toEqual({
      base: Math.floor((iphone.base * 95 + 50) / 100),
      recycling: iphone.recycling,
    });
    expect(await devicePrices(fixture.db, 1004, 'de')).toEqual({
      base: Math.floor((iphoneToo.base * 95 + 50) / 100),
      recycling: iphoneToo.recycling,
    });
    const after = await storedPrices(fixture.db);
    expect(
      [...after].filter(([key, value]) => other.get(key) !== value).map(([key]) => key),
    ).toEqual(['1000:de', '1004:de']);

    // The manufacturer's name with the series' name names it too.
    const full = await adjustDe('--series', 'Apple iPhone 13', '--percent', '2', '--dry-run');
    expect(full.code).toBe(0);
    expect(full.lines[0]).toMatch(/^device 1000 \(de\): base .* → .*$/);
    expect(full.output).toContain('Dry run: would change 2 prices of 2 devices');
    expect(await storedPrices(fixture.db)).toEqual(after);

    // A recycling price as high as the base is lowered with it.
    const samsung = await devicePrices(fixture.db, 1001, 'de');
    await prices(
      'import',
      await csvFile(
        await exportedWith([
          { deviceId: 1001, edition: 'de', base: samsung.base, recycling: samsung.base },
        ]),
      ),
      '--force',
    );
    const byManufacturer = await adjustDe('--manufacturer', 'SAMSUNG', '--percent', '-10');
    expect(byManufacturer.code).toBe(0);
    const lowered = Math.floor((samsung.base * 90 + 50) / 100);
    expect(await devicePrices(fixture.db, 1001, 'de')).toEqual({
      base: lowered,
      recycling: lowered,
    });

    const tablet = await devicePrices(fixture.db, 1003, 'fr');
    const byCategory = await prices(
      'adjust',
      '--edition',
      'fr',
      '--category',
      'tablets',
      '--percent',
      '12.5',
    );
    expect(byCategory.code).toBe(0);
    expect(await devicePrices(fixture.db, 1003, 'fr')).toEqual({
      base: Math.floor((tablet.base * 1125 + 500) / 1000),
      recycling: tablet.recycling,
    });
  });

  it('refuses an adjustment of unknown devices, too large a move or a wrong command line', async () => {
    const before = await rowCounts(fixture.db);
    const unknownSeries = await adjustDe('--series', 'iPhone 31', '--percent', '5');
    expect(unknownSeries.code).toBe(1);
    expect(unknownSeries.output).toContain('no series "iPhone 31" in de; closest: iPhone 13');
    const unknownCategory = await adjustDe('--category', 'drones', '--percent', '5');
    expect(unknownCategory.code).toBe(1);
    expect(unknownCategory.output).toContain('smartphones');
    expect(unknownCategory.output).toContain('tablets');
    const tooFar = await adjustDe('--category', 'smartphones', '--percent', '60');
    expect(tooFar.code).toBe(1);
    expect(tooFar.output).toContain('use --force if intended');
    const outOfRange = await adjustDe('--category', 'smartphones', '--percent', '-100', '--force');
    expect(outOfRange.code).toBe(1);
    expect((await adjustDe('--percent', '5')).code).toBe(2);
    expect(
      (await adjustDe('--series', 'iPhone 13', '--category', 'tablets', '--percent', '5')).code,
    ).toBe(2);
    expect((await adjustDe('--series', 'iPhone 13', '--percent', 'five')).code).toBe(2);
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('lists and sets the price factors of answers, with their history', async () => {
    const listed = await prices('factors', '--category', 'smartphones');
    expect(listed.code).toBe(0);
    expect(listed.lines[0]).toBe('smartphones');
    expect(listed.output).toMatch(/POWERS_ON +NO +defective \(recycling price\)/);
    expect(listed.output).toMatch(/GRADE +GRADE_GOOD +0\.85/);
    expect((await prices('factors')).output).toContain('tablets');
    expect((await prices('factors', '--category', 'drones')).code).toBe(1);

    const set = await prices(...setFactorArgs('GRADE', 'GRADE_GOOD', '0.8'));
    expect(set.code).toBe(0);
    expect(set.output).toContain('smartphones GRADE GRADE_GOOD: 0.85 → 0.8');
    const answer = await fixture.db
      .selectFrom('answers')
      .selectAll()
      .where('question_id', '=', 12)
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(answer.price_factor)).toBe(0.8);
    const change = await fixture.db
      .selectFrom('factor_changes')
      .innerJoin('catalogue_revisions', 'catalogue_revisions.id', 'factor_changes.revision_id')
      .selectAll()
      .where('question_id', '=', 12)
      .where('answer_id', '=', 2)
      .orderBy('factor_changes.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ actor: 'ops:erika', kind: 'prices' });
    expect(Number(change.old_price_factor)).toBe(0.85);
    expect(Number(change.new_price_factor)).toBe(0.8);
    const history = await factorHistory(fixture.db, 'smartphones');
    expect(history.filter((entry) => entry.oldPriceFactor === null)).toHaveLength(5);
    expect(history.at(-1)).toMatchObject({
      questionCode: 'GRADE',
      answerCode: 'GRADE_GOOD',
      oldPriceFactor: 0.85,
      newPriceFactor: 0.8,
      actor: 'ops:erika',
      source: 'prices (test)',
    });
    // The tablets' GRADE question is another question: untouched.
    const tablets = await prices('factors', '--category', 'tablets');
    expect(tablets.output).toMatch(/GRADE_GOOD +0\.85/);
    // An offer made now is priced with the new factor.
    const offer = await fixture.requestPhoneOffer(1002, 2);
    expect(offer.priceCents).toBe(
      Math.floor(((await devicePrices(fixture.db, 1002, 'de')).base * 8) / 10),
    );

    const before = await rowCounts(fixture.db);
    const setFactor = (question: string, answerCode: string, factor: string, ...more: string[]) =>
      prices(...setFactorArgs(question, answerCode, factor), ...more);
    const defective = await setFactor('POWERS_ON', 'NO', '0.5');
    expect(defective.code).toBe(1);
    expect(defective.output).toContain('means defective');
    const unknownQuestion = await setFactor('COLOUR', 'RED', '0.5');
    expect(unknownQuestion.code).toBe(1);
    expect(unknownQuestion.output).toContain('its questions are POWERS_ON, GRADE');
    const unknownAnswer = await setFactor('GRADE', 'GRADE_MINT', '0.5');
    expect(unknownAnswer.output).toContain('GRADE_LIKE_NEW, GRADE_GOOD, GRADE_USED');
    for (const factor of ['1.3', '0', '0.12345', '-1', 'abc']) {
      expect((await setFactor('GRADE', 'GRADE_GOOD', factor)).code).toBe(1);
    }
    const dry = await setFactor('GRADE', 'GRADE_GOOD', '0.7', '--dry-run');
    expect(dry.output).toContain('Dry run: would set smartphones GRADE GRADE_GOOD: 0.8 → 0.7');
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('lets an offer made before a price import keep its price, in the trade too; a new offer has the new one', async () => {
    const offer = await fixture.requestPhoneOffer(1005, 1);
    const current = await devicePrices(fixture.db, 1005, 'de');
    expect(offer.priceCents).toBe(current.base);
    await prices(
      'import',
      await csvFile(
        await exportedWith([
          { deviceId: 1005, edition: 'de', base: current.base + 700, recycling: current.recycling },
        ]),
      ),
    );
    const readBack = await fixture.call('GET', `/api/trade/offers/${offer.offerId}`);
    expect(offerSchema.parse(await readBack.json()).priceCents).toBe(offer.priceCents);
    expect((await fixture.requestPhoneOffer(1005, 1)).priceCents).toBe(current.base + 700);
    // Checked out after the change, the offer's price is the trade's; a later change leaves it.
    const customer = await fixture.createCustomer({ guest: true });
    const trade = await fixture.checkOut(customer.id, [{ offerId: offer.offerId, quantity: 1 }]);
    expect(trade.totalCents).toBe(offer.priceCents);
    await adjustDe('--category', 'smartphones', '--percent', '10');
    const shown = await fixture.ops('show', trade.tradeNumber);
    expect(shown.output).toContain(`${formatMoney('de', offer.priceCents)}`);
    const [line] = await fixture.db
      .selectFrom('trade_items')
      .select('price_cents')
      .where('offer_id', '=', offer.offerId)
      .execute();
    expect(line?.price_cents).toBe(offer.priceCents);
  });

  it('runs two imports started together one after the other, each on the prices the other left', async () => {
    // PostgreSQL: a second pool, as a second operator's process has. SQLite: the same handle, as
    // node:sqlite blocks the thread while it waits for the file's lock.
    const second = engine.name === 'postgres' ? engine.connectAgain(fixture.db) : fixture.db;
    try {
      const start = await devicePrices(fixture.db, 1002, 'at');
      const fileA = await csvFile(
        await exportedWith([
          { deviceId: 1002, edition: 'at', base: start.base + 100, recycling: start.recycling },
        ]),
      );
      const fileB = await csvFile(
        await exportedWith([
          { deviceId: 1002, edition: 'at', base: start.base + 200, recycling: start.recycling },
        ]),
      );
      const [a, b] = await Promise.all([
        prices('import', fileA),
        run({ ...deps, db: second }, ['prices', 'import', fileB]),
      ]);
      expect([a.code, b.code]).toEqual([0, 0]);
      const history = await fixture.db
        .selectFrom('price_changes')
        .selectAll()
        .where('device_id', '=', 1002)
        .where('edition', '=', 'at')
        .orderBy('revision_id')
        .execute();
      const [first, next] = history.slice(-2);
      expect(first?.revision_id).not.toBe(next?.revision_id);
      expect(first?.old_base_price_cents).toBe(start.base);
      expect(next?.old_base_price_cents).toBe(first?.new_base_price_cents);
      expect([first?.new_base_price_cents, next?.new_base_price_cents].toSorted()).toEqual([
        start.base + 100,
        start.base + 200,
      ]);
      expect((await devicePrices(fixture.db, 1002, 'at')).base).toBe(next?.new_base_price_cents);
    } finally {
      if (second !== fixture.db) await second.destroy();
    }
  });
});

describe.each(testDatabases())('price changes on production on $name', (engine) => {
  const database = useMigratedDatabase(engine);
  let folder: string;
  let file: string;
  let original: string;
  let deps: OpsDeps;

  beforeAll(async () => {
    const db = database();
    // 250 devices in five editions: 1,250 prices, more than the confirmation threshold.
    await seedCatalogue(db, testCatalogue(250));
    folder = await mkdtemp(join(tmpdir(), 'tradein-prices-'));
    deps = {
      db,
      mailer: createMailer({ smtpUrl: undefined, outboxDir: join(folder, 'outbox') }),
      clock: () => new Date(),
      dataDir: folder,
      production: true,
    };
    const exported = await run(deps, ['prices', 'export']);
    const [header, ...rows] = exported.lines;
    const moved = rows.map((line) => {
      const fields = line.split(',');
      const recycling = Number(fields.pop());
      const base = Number(fields.pop());
      return [...fields, base + 100, recycling].join(',');
    });
    file = join(folder, 'all.csv');
    await writeFile(file, [header, ...moved].join('\n'));
    original = join(folder, 'original.csv');
    await writeFile(original, exported.lines.join('\n'));
  });
  afterAll(async () => {
    deps.mailer.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('asks before more than 1,000 prices change and writes nothing on no', async () => {
    const before = await rowCounts(database());
    const questions: string[] = [];
    const declined = await run(
      {
        ...deps,
        confirm: (question) => {
          questions.push(question);
          return Promise.resolve(false);
        },
      },
      ['prices', 'import', file],
    );
    expect(declined.code).toBe(1);
    expect(1250).toBeGreaterThan(confirmationThreshold);
    expect(questions).toEqual(['Change 1,250 prices of 250 devices on production?']);
    expect(await rowCounts(database())).toEqual(before);

    const nobodyToAsk = await run(deps, ['prices', 'import', file]);
    expect(nobodyToAsk.code).toBe(1);
    expect(nobodyToAsk.output).toContain('add --yes');
    expect(await rowCounts(database())).toEqual(before);

    // Below the threshold nobody is asked.
    const few = await run(deps, [
      'prices',
      'adjust',
      '--edition',
      'de',
      '--category',
      'tablets',
      '--percent',
      '1',
    ]);
    expect(few.code).toBe(0);
  });

  it('writes with --yes or a yes', async () => {
    const yes = await run(deps, ['prices', 'import', file, '--yes']);
    expect(yes.code).toBe(0);
    expect(yes.output).toContain('Changed 1,250 prices of 250 devices');
    let asked = 0;
    const back = await run(
      {
        ...deps,
        confirm: () => {
          asked += 1;
          return Promise.resolve(true);
        },
      },
      ['prices', 'import', original],
    );
    expect(back.code).toBe(0);
    expect(asked).toBe(1);
    expect(back.output).toContain('Changed 1,250 prices of 250 devices');
  });
});
