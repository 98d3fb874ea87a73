import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tradeSchema, type Trade } from '@tradein/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  call,
  checkoutBody,
  createCustomer,
  phoneAnswers,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { runOpsCommand } from './ops-commands.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';

describe.each(testDatabases())('operator commands on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await createCustomer(fixture.db, { guest: true });
  });
  afterAll(() => fixture.close());

  async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
    const lines: string[] = [];
    const code = await runOpsCommand(argv, fixture.deps, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  }

  async function newTrade(): Promise<Trade> {
    const offer = await call(fixture.server, 'POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: 1000, answers: phoneAnswers(1) },
    });
    const { offerId } = (await offer.json()) as { offerId: string };
    const answer = await call(fixture.server, 'POST', '/api/trade/trades', {
      customer: customer.id,
      body: checkoutBody([{ offerId, quantity: 1 }]),
    });
    return (await answer.json()) as Trade;
  }

  it('walks a trade through its lifecycle, the customer accepting the clarification', async () => {
    const trade = await newTrade();
    const number = trade.tradeNumber;
    expect(await ops('list', '--status', 'created')).toMatchObject({ code: 0 });
    expect((await ops('list', '--status', 'created')).output).toContain(number);
    expect(await ops('receive', number)).toMatchObject({ code: 0 });

    const photo = join(fixture.deps.dataDir, 'scratch.jpg');
    await writeFile(photo, 'jpeg bytes');
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
    expect(inspected.output).toMatch(/photo: inspection-photos\/T-2026-\d+-1-/);

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

    const decision = await call(
      fixture.server,
      'POST',
      `/api/trade/trades/${number}/clarification`,
      {
        customer: customer.id,
        body: { decision: 'accept' },
      },
    );
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
});
