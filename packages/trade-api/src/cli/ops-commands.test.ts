import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tradeSchema } from '@tradein/contract';
import { formatMoney } from '@tradein/editions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { startTradesFixture, type TradesFixture } from '../../test-kit/trade-test-kit.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { checkSharedSecret, forgetSharedSecret } from '../server/cluster-check.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';
import { createTradeJobWorker } from '../jobs/trade-jobs.ts';
import { testConfig } from '../../test-kit/test-server.ts';

/** A log that keeps nothing: the jobs' rows say what happened. */
const quietLog = { info() {}, warn() {}, error() {} };

describe.each(testDatabases())('operator commands on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer({ guest: true });
  });
  afterAll(() => fixture.close());

  /** Runs a command as the command line does: with no shop origin of its own. */
  const command = (...argv: string[]) => fixture.ops(...argv);

  /** One job run of a shop node, which sends the mails the command line left to the nodes. */
  async function nodeJobRun(): Promise<void> {
    const node = { ...fixture.deps, links: testConfig };
    await createTradeJobWorker(node, quietLog).runDueJobs();
  }

  /** A command while a shop node runs: its next job run follows the command. */
  async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
    const done = await command(...argv);
    await nodeJobRun();
    return done;
  }

  /** Checks out 1 × device 1000 (like new) for the customer. */
  const newTrade = () => fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);

  it('walks a trade through its lifecycle, the customer accepting the clarification', async () => {
    const trade = await newTrade();
    const number = trade.tradeNumber;
    expect(await ops('list', '--status', 'created')).toMatchObject({ code: 0 });
    expect((await ops('list', '--status', 'created')).output).toContain(number);
    expect(await ops('receive', number)).toMatchObject({ code: 0 });

    const photo = join(fixture.deps.dataDir, 'scratch.jpg');
    // The start of a JPEG file: the store takes it by its bytes, not by its name.
    await writeFile(photo, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]));
    const inspected = await ops(
      'inspect',
      number,
      '--item',
      '1',
      '--finding',
      'GRADE=GRADE_USED',
      '--finding=POWERS_ON=YES',
      '--photo',
      photo,
    );
    expect(inspected.code).toBe(0);
    expect(inspected.output).toContain('GRADE: GRADE_LIKE_NEW  found GRADE_USED');
    expect(inspected.output).toMatch(/photo: inspection-photos\/t-2026-\d+-1-[0-9a-f-]{36}\.jpg/);

    const clarified = await ops(
      'clarify',
      number,
      '--item',
      '1',
      '--price',
      '2500',
      '--reason',
      'Scratches',
    );
    expect(clarified.code).toBe(0);
    expect(clarified.output).toContain('clarification');
    const mail = (await readOutbox(fixture.outboxDir)).find(
      (entry) => entry.to.includes(customer.email) && entry.subject.includes('Neues Angebot'),
    );
    expect(mail?.text).toContain('25,00');

    const decision = await fixture.call('POST', `/api/trade/trades/${number}/clarification`, {
      customer: customer.id,
      body: { decision: 'accept' },
    });
    expect(tradeSchema.parse(await decision.json()).totalCents).toBe(2500);

    const paid = await ops('pay', number);
    expect(paid.code).toBe(0);
    expect(paid.output).toContain(`${number}  paid`);
    const shown = await ops('show', number);
    expect(
      shown.output
        .split('\n')
        .filter((line) => /^\s+\d{4}-/.test(line))
        .map((line) => line.trim().split(/\s+/)[1]),
    ).toEqual(['created', 'received', 'inspected', 'clarification', 'accepted', 'paid']);
  });

  it("leaves the clarification mail to a node's job run, which links the trade's shop", async () => {
    const trade = await newTrade();
    const number = trade.tradeNumber;
    await ops('receive', number);
    await ops('inspect', number, '--item', '1', '--finding', 'GRADE=GRADE_USED');
    const clarificationMails = async () =>
      (await readOutbox(fixture.outboxDir)).filter(
        (entry) => entry.kind === 'clarification' && entry.text.includes(number),
      );

    const clarified = await command('clarify', number, '--item', '1', '--price', '2500');
    expect(clarified.code).toBe(0);
    expect(clarified.output).toContain("linking the shop of the trade's edition and mode");
    expect(await clarificationMails()).toEqual([]);

    await nodeJobRun();
    const [mail] = await clarificationMails();
    // The page and the quick answer of the device, both on the German shop as the node knows it.
    const links = [...(mail?.text ?? '').matchAll(/https?:\/\/\S+/g)].map(
      (link) => new URL(link[0]),
    );
    expect(links.map((link) => link.pathname.split('/')[1])).toEqual([
      'clarification',
      'clarificationQuickAnswer',
    ]);
    expect(new Set(links.map((link) => link.origin))).toEqual(
      new Set([testConfig.shopOrigins.de.default]),
    );
  });

  /** Checks out 1 × device 1000 (like new) and 1 × device 1001 (good). */
  const newTwoLineTrade = () =>
    fixture.checkOutPhones(customer.id, [
      { deviceId: 1000, grade: 1 },
      { deviceId: 1001, grade: 2 },
    ]);

  it('runs a clarification per device: the customer decides through the mailed link', async () => {
    const trade = await newTwoLineTrade();
    const number = trade.tradeNumber;
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    expect((await ops('receive', number)).code).toBe(0);
    for (const item of ['1', '2']) {
      const inspected = await ops(
        'inspect',
        number,
        '--item',
        item,
        '--finding',
        'GRADE=GRADE_USED',
      );
      expect(inspected.code).toBe(0);
    }
    const revisedFirst = first.priceCents - 1500;
    const clarified = await ops(
      'clarify',
      number,
      '--item',
      '1',
      '--price',
      String(revisedFirst),
      '--reason',
      'Display scratched',
    );
    expect(clarified.code).toBe(0);
    expect(clarified.output).toContain('[down: waits for the customer]');
    expect(clarified.output).toContain('    reason: Display scratched');
    expect(
      (await ops('clarify', number, '--item', '2', '--price', String(second.priceCents - 300)))
        .code,
    ).toBe(0);
    expect((await ops('list', '--status', 'clarification')).output).toContain(
      `revised: 1 waits for the customer, 2 waits for the customer`,
    );
    // Paying before the customer decided is refused.
    expect((await ops('pay', number)).code).toBe(1);

    const mail = (await readOutbox(fixture.outboxDir))
      .filter((entry) => entry.to === customer.email && entry.kind === 'clarification')
      .at(-1);
    const page = /\/clarification\/([A-Za-z0-9_-]{43})\/(T-\d{4}-\d+)/.exec(mail?.text ?? '');
    expect(page?.[2]).toBe(number);
    const decided = await fixture.call(
      'POST',
      `/api/trade/clarifications/${page?.[1] ?? ''}/${number}`,
      {
        body: {
          decisions: [
            { position: 1, decision: 'accept' },
            { position: 2, decision: 'return' },
          ],
        },
      },
    );
    expect(decided.status).toBe(200);

    const shown = await ops('show', number);
    expect(shown.output).toContain(`${number}  accepted`);
    expect(shown.output).toMatch(/item 1: .*\[down: accepted\]/);
    expect(shown.output).toMatch(/item 2: .*\[down: returned\]/);
    expect(shown.output).toContain('(devices 1 accept, 2 return by customer)');
    expect((await ops('list', '--status', 'accepted')).output).toContain(
      `revised: 1 accepted, 2 returned`,
    );
    const paid = await ops('pay', number);
    expect(paid.code).toBe(0);
    expect(paid.output.split('\n')[0]).toBe(
      `${number}  paid  de  ${formatMoney('de', revisedFirst)}`,
    );
  });

  it('raises a price without a clarification, and lets the operator decide per device', async () => {
    const trade = await newTwoLineTrade();
    const number = trade.tradeNumber;
    const [first, second] = trade.items;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    await ops('receive', number);
    await ops('inspect', number, '--item', '1', '--finding', 'GRADE=GRADE_LIKE_NEW');
    await ops('inspect', number, '--item', '2', '--finding', 'GRADE=GRADE_LIKE_NEW');
    const raised = await ops(
      'clarify',
      number,
      '--item',
      '2',
      '--price',
      String(second.priceCents + 900),
    );
    expect(raised.code).toBe(0);
    expect(raised.output).toContain(`${number}  inspected`);
    expect(raised.output).toContain('[up: raised, accepted at once]');
    const goodNews = (await readOutbox(fixture.outboxDir))
      .filter((entry) => entry.to === customer.email)
      .at(-1);
    expect(goodNews?.subject).toContain('Gute Nachricht');
    expect(goodNews?.text).toMatch(/\/clarification\/[A-Za-z0-9_-]{43}\/T-/);

    await ops('clarify', number, '--item', '1', '--price', String(first.priceCents - 100));
    expect((await ops('decide', number, '--item', '1=return')).output).toContain(
      `${number}  accepted  de  ${formatMoney('de', second.priceCents + 900)}`,
    );
    expect((await ops('decide', number, '--item', '1=accept')).code).toBe(1);
  });

  it('returns the devices on the operator side', async () => {
    const { tradeNumber } = await newTrade();
    await ops('receive', tradeNumber);
    await ops('inspect', tradeNumber, '--item', '1', '--finding', 'POWERS_ON=NO');
    await ops('clarify', tradeNumber, '--item', '1', '--price', '0');
    const returned = await ops('return', tradeNumber);
    expect(returned.code).toBe(0);
    expect(returned.output).toContain(`${tradeNumber}  returned`);
  });

  it.each([
    [['frobnicate'], 2, 'Unknown command "frobnicate"'],
    [[], 2, 'Usage: npm run ops'],
    [['receive'], 2, 'receive needs a trade number'],
    [['list', '--status', 'lost'], 2, 'Unknown status "lost"'],
    [['inspect', 'T-2026-000001', '--item', 'one'], 2, '--item must be a whole number'],
    [
      ['inspect', 'T-2026-000001', '--item', '1', '--finding', 'grade'],
      2,
      '--finding must look like',
    ],
    [['clarify', 'T-2026-000001', '--item', '1'], 2, '--price is required'],
    [
      ['clarify', 'T-2026-000001', '--item', '1', '--price', '-5'],
      2,
      '--price must be a whole number of at least 0',
    ],
    [['decide', 'T-2026-000001'], 2, 'decide needs --item'],
    [['decide', 'T-2026-000001', '--item', '1=keep'], 2, '--item must look like 2=accept'],
    [['pay', 'T-2026-999999'], 1, 'There is no trade T-2026-999999'],
    [['show', 'T-2026-999999'], 1, 'There is no trade T-2026-999999'],
  ])('refuses %j with exit code %s', async (argv, code, message) => {
    const before = await rowCounts(fixture.db);
    const result = await ops(...argv);
    expect(result.code).toBe(code);
    expect(result.output).toContain(message);
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('refuses a step the lifecycle does not allow with exit code 1', async () => {
    const { tradeNumber } = await newTrade();
    const result = await ops('pay', tradeNumber);
    expect(result).toEqual({
      code: 1,
      output: `Trade ${tradeNumber} is created; it cannot become paid`,
    });
  });

  it('refuses an inspection photo that is no image or cannot be read, storing nothing', async () => {
    const { tradeNumber } = await newTrade();
    expect(await ops('receive', tradeNumber)).toMatchObject({ code: 0 });
    const notes = join(fixture.deps.dataDir, 'notes.jpg');
    await writeFile(notes, 'not a photo');
    expect(await ops('inspect', tradeNumber, '--item', '1', '--photo', notes)).toEqual({
      code: 1,
      output: `${notes} is no JPEG, PNG, WebP or GIF image`,
    });
    const missing = join(fixture.deps.dataDir, 'missing.jpg');
    const unread = await ops('inspect', tradeNumber, '--item', '1', '--photo', missing);
    expect(unread.code).toBe(1);
    expect(unread.output).toMatch(new RegExp(`^Cannot read the photo ${missing}: ENOENT`));
    const store = openBlobStore(fixture.deps, fixture.db);
    expect(await store.list(`inspection-photos/${tradeNumber.toLowerCase()}-`)).toEqual([]);
  });

  it('saves a file of the store with blobs get, and names a missing key', async () => {
    const store = openBlobStore(fixture.deps, fixture.db);
    await store.put(
      'payout-files/batch-1.csv',
      new TextEncoder().encode('iban;cents\n'),
      'text/csv',
    );
    const target = join(fixture.deps.dataDir, 'saved.csv');
    expect(await command('blobs', 'get', 'payout-files/batch-1.csv', target)).toEqual({
      code: 0,
      output: `saved payout-files/batch-1.csv (text/csv, 11 bytes) to ${target}`,
    });
    expect(await readFile(target, 'utf8')).toBe('iban;cents\n');
    expect(await command('blobs', 'get', 'payout-files/none.csv', target)).toEqual({
      code: 1,
      output: `${store.description} has no file payout-files/none.csv`,
    });
    expect((await command('blobs', 'get', '../etc/passwd', target)).code).toBe(2);
    expect((await command('blobs', 'get')).code).toBe(2);
  });

  it('forgets the JWT_SECRET fingerprint the nodes recorded, so a changed secret can start', async () => {
    await checkSharedSecret(fixture.db, {
      jwtSecret: 'the-old-secret-of-every-node-000000',
      now: new Date(),
    });
    await expect(
      checkSharedSecret(fixture.db, {
        jwtSecret: 'the-new-secret-of-every-node-000000',
        now: new Date(),
      }),
    ).rejects.toThrow('JWT_SECRET differs');
    expect(await command('nodes', 'forget-secret')).toEqual({
      code: 0,
      output:
        'Forgot the fingerprint of the JWT_SECRET the nodes used. The next node to start records its own; give every node the same JWT_SECRET.',
    });
    await checkSharedSecret(fixture.db, {
      jwtSecret: 'the-new-secret-of-every-node-000000',
      now: new Date(),
    });
    await forgetSharedSecret(fixture.db);
    expect((await command('nodes', 'forget-secret')).output).toContain(
      'No JWT_SECRET fingerprint was stored',
    );
    expect((await command('nodes')).code).toBe(2);
  });
});
