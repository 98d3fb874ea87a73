import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import {
  readyPhoneTrade,
  startTradesFixture,
  type TradesFixture,
} from '../../test-kit/trade-test-kit.ts';
import { auditEvents } from '../audit/audit-log.ts';
import { runOpsCommand } from '../cli/ops-commands.ts';
import { requireTrade } from '../trades/trade-transition.ts';
import {
  cancelPayoutBatch,
  confirmPayoutBatch,
  createPayoutBatch,
  payoutBatchFile,
  tradesReadyToPay,
} from './payout-batches.ts';
import { painNamespace } from './payout-files.ts';

/*
 * Payout batches: trades ready to pay become one file for the bank or PayPal; a trade is in one
 * open batch at most; confirming a batch pays its trades; every step is in the audit log.
 */

const debtor = { name: 'Tradein GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const clerk = { actor: 'ops:paula', label: 'paula', source: 'payout-batches.test.ts' };

describe.each(testDatabases())('payout batches on $name', (engine) => {
  let fixture: TradesFixture;
  let customer: { id: string; email: string };
  beforeAll(async () => {
    fixture = await startTradesFixture(engine);
    customer = await fixture.createCustomer({ guest: true });
  });
  afterAll(() => fixture.close());

  /** A trade of one phone, received and inspected as answered: ready to pay. */
  const readyTrade = (payout?: { paymentType: number; email: string }) =>
    readyPhoneTrade(fixture, customer.id, payout);

  const sepaBatch = (tradeNumbers: string[]) =>
    createPayoutBatch(fixture.db, {
      method: 'sepa',
      tradeNumbers,
      debtor,
      by: clerk,
      now: new Date('2026-11-27T10:00:00.000Z'),
    });

  it('makes a SEPA file of ready trades, pays them on confirmation and logs each step', async () => {
    const first = await readyTrade();
    const second = await readyTrade();
    const created = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);
    const ready = (await tradesReadyToPay(fixture.db)).map((trade) => trade.tradeNumber);
    expect(ready).toEqual(expect.arrayContaining([first.tradeNumber, second.tradeNumber]));
    expect(ready).not.toContain(created.tradeNumber);

    const batch = await sepaBatch([first.tradeNumber, second.tradeNumber]);
    expect(batch).toMatchObject({ method: 'sepa', state: 'open', createdBy: 'ops:paula' });
    expect(batch.batchNumber).toMatch(/^PB-2026-\d{6}$/);
    expect(batch.totalCents).toBe(first.totalCents + second.totalCents);
    // In an open batch, a trade is no longer offered, nor taken by another batch.
    expect((await tradesReadyToPay(fixture.db)).map((trade) => trade.tradeNumber)).not.toContain(
      first.tradeNumber,
    );

    const file = await payoutBatchFile(fixture.db, batch.batchNumber);
    expect(file.fileName).toBe(`${batch.batchNumber}.xml`);
    expect(XMLValidator.validate(file.content)).toBe(true);
    const document = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(
      file.content,
    ) as {
      Document: {
        '@_xmlns': string;
        CstmrCdtTrfInitn: {
          GrpHdr: { NbOfTxs: string; CtrlSum: string };
          PmtInf: { ReqdExctnDt: { Dt: string } };
        };
      };
    };
    expect(document.Document['@_xmlns']).toBe(painNamespace);
    expect(document.Document.CstmrCdtTrfInitn.GrpHdr.NbOfTxs).toBe('2');
    expect(Number(document.Document.CstmrCdtTrfInitn.GrpHdr.CtrlSum.replace('.', ''))).toBe(
      batch.totalCents,
    );
    // The next bank day after a Friday is a Monday.
    expect(document.Document.CstmrCdtTrfInitn.PmtInf.ReqdExctnDt.Dt).toBe('2026-11-30');
    expect(file.content).toContain('<EndToEndId>' + first.tradeNumber + '</EndToEndId>');
    expect(file.content).toContain('<Nm>Erika Mueller</Nm>');

    const confirmed = await confirmPayoutBatch(fixture.deps, batch.batchNumber, clerk);
    expect(confirmed.state).toBe('confirmed');
    for (const trade of [first, second]) {
      expect((await requireTrade(fixture.db, trade.tradeNumber)).status).toBe('paid');
    }
    await expect(confirmPayoutBatch(fixture.deps, batch.batchNumber, clerk)).rejects.toThrow(
      `Payout batch ${batch.batchNumber} is confirmed already`,
    );
    const events = await auditEvents(fixture.db, {
      subjectType: 'payout_batch',
      subjectId: batch.batchNumber,
      limit: 10,
    });
    expect(events.map((event) => [event.action, event.actor])).toEqual([
      ['payout_batch.confirmed', 'ops:paula'],
      ['payout_batch.created', 'ops:paula'],
    ]);
    // Each trade's own history names its payout.
    for (const trade of [first, second]) {
      const [paid] = await auditEvents(fixture.db, {
        subjectType: 'trade',
        subjectId: trade.tradeNumber,
        limit: 1,
      });
      expect(paid).toMatchObject({
        action: 'trade.paid',
        actor: 'ops:paula',
        after: { status: 'paid', payoutBatch: batch.batchNumber },
      });
    }
  });

  it('refuses what cannot be paid, naming each trade, and writes nothing', async () => {
    const inBatch = await readyTrade();
    await sepaBatch([inBatch.tradeNumber]);
    const created = await fixture.checkOutPhones(customer.id, [{ deviceId: 1000, grade: 1 }]);
    const paypal = await readyTrade({ paymentType: 2, email: 'erika@example.com' });
    const before = await rowCounts(fixture.db);
    await expect(
      sepaBatch([created.tradeNumber, paypal.tradeNumber, 'T-2026-999999']),
    ).rejects.toThrow(
      [
        `${created.tradeNumber}: it is created; only inspected or accepted trades are paid`,
        `${paypal.tradeNumber}: it is paid by PayPal`,
        'T-2026-999999: there is no such trade',
      ].join('\n'),
    );
    await expect(sepaBatch([inBatch.tradeNumber])).rejects.toThrow(
      new RegExp(`^${inBatch.tradeNumber}: it is in the open payout batch PB-2026-\\d{6} already$`),
    );
    await expect(
      createPayoutBatch(fixture.db, {
        method: 'sepa',
        tradeNumbers: [paypal.tradeNumber],
        debtor: undefined,
        by: clerk,
        now: new Date(),
      }),
    ).rejects.toThrow('set PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC');
    expect(await rowCounts(fixture.db)).toEqual(before);
  });

  it('makes PayPal batches, and lets a cancelled batch give its trades back', async () => {
    const trade = await readyTrade({ paymentType: 2, email: 'erika@example.com' });
    const batch = await createPayoutBatch(fixture.db, {
      method: 'paypal',
      tradeNumbers: [trade.tradeNumber],
      debtor: undefined,
      by: clerk,
      now: new Date(),
    });
    const file = await payoutBatchFile(fixture.db, batch.batchNumber);
    expect(file.content).toMatch(
      new RegExp(
        `^erika@example\\.com,"\\d+,\\d\\d",EUR,${trade.tradeNumber},Trade-in ${trade.tradeNumber},PAYPAL\\r\\n$`,
      ),
    );
    await cancelPayoutBatch(fixture.db, batch.batchNumber, clerk, new Date());
    expect((await tradesReadyToPay(fixture.db)).map((entry) => entry.tradeNumber)).toContain(
      trade.tradeNumber,
    );
    expect((await requireTrade(fixture.db, trade.tradeNumber)).status).toBe('inspected');
  });

  it('runs from the command line: batch --all, the file, confirm', async () => {
    const trade = await readyTrade();
    const lines: string[] = [];
    const ops = (...argv: string[]) =>
      runOpsCommand(argv, { ...fixture.deps, payoutAccount: debtor }, (line) => lines.push(line));
    expect(await ops('payouts', 'ready')).toBe(0);
    expect(lines.join('\n')).toContain(trade.tradeNumber);
    expect(await ops('payouts', 'batch', '--method', 'sepa', '--all')).toBe(0);
    const batchNumber = /PB-\d{4}-\d{6}/.exec(lines.join('\n'))?.[0] ?? '';
    const target = `${fixture.deps.dataDir}/payout.xml`;
    expect(await ops('payouts', 'file', batchNumber, target)).toBe(0);
    expect(await ops('payouts', 'confirm', batchNumber)).toBe(0);
    expect((await requireTrade(fixture.db, trade.tradeNumber)).status).toBe('paid');
    expect(await ops('payouts', 'confirm', batchNumber)).toBe(1);
    expect(await ops('payouts', 'batch', '--method', 'cash', '--all')).toBe(2);
  });
});
