import { join } from 'node:path';
import * as fc from 'fast-check';
import { databaseOfDataDir, mailsTo } from '@tradein/trade-api/test-kit';
import { describe, expect, it } from 'vitest';
import { useBackOffice, type OfficeAnswer } from '../../../test-kit/back-office-kit.ts';
import {
  guestTrade,
  payoutAccountEnv,
  paypalPayout,
  readyTrade,
  sellerIban,
  shopApi,
} from '../../../test-kit/guest-sale.ts';

/*
 * The payouts screens as a browser without JavaScript uses them, on the built server with our
 * SEPA account configured: the ready list, a batch of selected trades, its file, confirm and
 * cancel with their confirmation step, refusals per trade, double submits, CSRF and roles.
 */

const office = useBackOffice({ env: payoutAccountEnv });

/** The `location` header of a redirect. */
function locationOf(answer: OfficeAnswer): string {
  return String(answer.headers['location'] ?? '');
}

/** The batch number a redirect after "Make batch" leads to. */
function batchOf(answer: OfficeAnswer): string {
  expect(answer.status).toBe(302);
  const number = /^\/payouts\/batches\/(PB-[0-9]{4}-[0-9]+)\?made=1$/.exec(locationOf(answer))?.[1];
  if (number === undefined) throw new Error(`no batch in ${locationOf(answer)}`);
  return number;
}

/** The checkbox of a trade's row on a page, as the server wrote it. */
function checkboxOf(page: string, tradeNumber: string): string {
  return (
    new RegExp(`<input type="checkbox"[^>]*name="trade"[^>]*value="${tradeNumber}"[^>]*>`).exec(
      page,
    )?.[0] ?? ''
  );
}

/** How many batches the list says there are. */
async function batchCount(cookie: string): Promise<number> {
  const page = await office.request('GET', '/payouts/batches', { cookie });
  const count = /Batches, newest first \((\d+)\)/.exec(page.text)?.[1];
  return count === undefined ? 0 : Number(count);
}

/** The IBAN as the clerk sees it: all but its last four characters hidden. */
function masked(iban: string): string {
  return ('*'.repeat(iban.length - 4) + iban.slice(-4)).replace(/(.{4})(?=.)/g, '$1 ');
}

/** An amount in cents as the SEPA file writes it. */
function euros(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Checks XML in Chromium's parser: well-formed, its root's namespace, the IBANs and amounts. */
async function parsedXml(text: string) {
  const page = await office.newPage();
  try {
    return await page.evaluate((xml) => {
      const document = new DOMParser().parseFromString(xml, 'application/xml');
      const texts = (name: string) =>
        [...document.getElementsByTagNameNS('*', name)].map((node) => node.textContent);
      return {
        wellFormed: document.getElementsByTagName('parsererror').length === 0,
        namespace: document.documentElement.namespaceURI,
        ibans: texts('IBAN'),
        amounts: texts('InstdAmt'),
        count: texts('NbOfTxs')[0],
      };
    }, text);
  } finally {
    await page.close();
  }
}

describe('who may use the payouts screens', () => {
  it('answers the 403 page to every other role, and sign-in to visitors', async () => {
    for (const role of ['inspector', 'pricing', 'admin'] as const) {
      const member = await office.staff(`${role}-payouts@example.com`, [role]);
      for (const path of ['/payouts', '/payouts/batches', '/payouts/batches/PB-2026-000001']) {
        const page = await office.request('GET', path, { cookie: member.cookie });
        expect(page.status, `${role} ${path}`).toBe(403);
        expect(page.text).toContain('Your account does not have the role this page needs.');
      }
      // The file of a batch leads to the batch's page, which says what is missing.
      const file = await office.request('GET', '/payouts/batches/PB-2026-000001/file', {
        cookie: member.cookie,
      });
      expect(file.status).toBe(302);
      expect(locationOf(file)).toBe('/payouts/batches/PB-2026-000001');
      const post = await office.request('POST', '/payouts', {
        cookie: member.cookie,
        form: { csrf: member.csrfToken, method: 'sepa', trade: 'T-2026-000001' },
      });
      expect(post.status).toBe(403);
      const home = await office.request('GET', '/', { cookie: member.cookie });
      expect(home.text).not.toContain('href="/payouts"');
    }
    const visitor = await office.request('GET', '/payouts/batches');
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toBe('/sign-in?next=%2Fpayouts%2Fbatches');
  });
});

describe('the payouts clerk', () => {
  it('lists ready trades earliest promise first, masked, filtered by method, paged in the URL', async () => {
    const clerk = await office.staff('list-clerk@example.com', ['payouts']);
    const first = await readyTrade(office, 'list-first@example.com');
    const second = await readyTrade(office, 'list-second@example.com');
    const paypal = await readyTrade(
      office,
      'list-paypal@example.com',
      paypalPayout('pp@example.com'),
    );

    const page = await office.request('GET', '/payouts', { cookie: clerk.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/payouts"');
    expect(page.text).toContain('href="/payouts/batches"');
    const at = (number: string) => page.text.indexOf(`value="${number}"`);
    expect(at(first.tradeNumber)).toBeGreaterThan(-1);
    expect(at(first.tradeNumber)).toBeLessThan(at(second.tradeNumber));
    expect(page.text).toContain(masked(sellerIban));
    expect(page.text).not.toContain(sellerIban);
    expect(page.text).toContain('pp@example.com');
    expect(page.text).toContain('Select all on this page');

    const paypalOnly = await office.request('GET', '/payouts?method=paypal', {
      cookie: clerk.cookie,
    });
    expect(paypalOnly.text).toContain(paypal.tradeNumber);
    expect(paypalOnly.text).not.toContain(first.tradeNumber);

    const beyond = await office.request('GET', '/payouts?page=99', { cookie: clerk.cookie });
    expect(beyond.status).toBe(200);
    expect(beyond.text).toContain('This page is past the end of the list.');
    expect(beyond.text).toContain('Previous page');

    const bad = await office.request('GET', '/payouts?page=zero&method=cash', {
      cookie: clerk.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('filter is not valid');
  });

  it('makes a SEPA batch of the selected trades, serves its file, and confirms it paid', async () => {
    const clerk = await office.staff('sepa-clerk@example.com', ['payouts']);
    const one = await readyTrade(office, 'sepa-one@example.com');
    const two = await readyTrade(office, 'sepa-two@example.com');
    const left = await readyTrade(office, 'sepa-left@example.com');

    const made = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'sepa', trade: [one.tradeNumber, two.tradeNumber] },
    });
    const batch = batchOf(made);

    const page = await office.request('GET', `/payouts/batches/${batch}?made=1`, {
      cookie: clerk.cookie,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Batch ${batch} is made with 2 trades`);
    expect(page.text).toContain(one.tradeNumber);
    expect(page.text).toContain(two.tradeNumber);
    expect(page.text).not.toContain(left.tradeNumber);
    expect(page.text).toContain('sepa-clerk@example.com');
    expect(page.text).toContain(`href="/payouts/batches/${batch}/file"`);

    const list = await office.request('GET', '/payouts', { cookie: clerk.cookie });
    expect(list.text).toContain(`href="/payouts/batches/${batch}"`);
    expect(list.text).not.toContain(`value="${one.tradeNumber}"`);
    expect(list.text).toContain(`value="${left.tradeNumber}"`);

    const file = await office.request('GET', `/payouts/batches/${batch}/file`, {
      cookie: clerk.cookie,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch}.xml"`);
    const xml = await parsedXml(file.text);
    expect(xml.wellFormed).toBe(true);
    expect(xml.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml.count).toBe('2');
    expect(xml.ibans).toContain(sellerIban);
    expect(xml.ibans).toContain(payoutAccountEnv.PAYOUT_ACCOUNT_IBAN);
    expect(xml.amounts).toEqual([euros(one.amountCents), euros(two.amountCents)]);

    const ask = await office.request('GET', `/payouts/batches/${batch}?step=confirm`, {
      cookie: clerk.cookie,
    });
    expect(ask.text).toContain(`Confirm that ${batch} was paid out`);
    expect(ask.text).toContain('2 trades');
    expect(ask.text).toContain('each seller gets the paid mail');

    const withoutToken = await office.request('POST', `/payouts/batches/${batch}`, {
      cookie: clerk.cookie,
      form: { intent: 'confirm' },
    });
    expect(withoutToken.status).toBe(403);

    const confirmed = await office.request('POST', `/payouts/batches/${batch}`, {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, intent: 'confirm' },
    });
    expect(confirmed.status).toBe(302);
    expect(locationOf(confirmed)).toBe(`/payouts/batches/${batch}?done=confirmed`);
    const after = await office.request('GET', locationOf(confirmed), { cookie: clerk.cookie });
    expect(after.text).toContain('its 2 trades are paid');
    expect(after.text.match(/>paid</g)).toHaveLength(2);

    const outbox = join(office.server.dataDir, 'outbox');
    const paidMails = (await mailsTo(outbox, 'sepa-one@example.com')).filter((mail) =>
      mail.subject.includes('ausgezahlt'),
    );
    expect(paidMails).toHaveLength(1);

    const again = await office.request('POST', `/payouts/batches/${batch}`, {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, intent: 'confirm' },
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This batch is closed already: nothing was changed.');
    const paidAgain = (await mailsTo(outbox, 'sepa-one@example.com')).filter((mail) =>
      mail.subject.includes('ausgezahlt'),
    );
    expect(paidAgain).toHaveLength(1);
  });

  it('makes a PayPal CSV, and a cancelled batch gives its trades back', async () => {
    const clerk = await office.staff('paypal-clerk@example.com', ['payouts']);
    const trade = await readyTrade(
      office,
      'paypal-seller@example.com',
      paypalPayout('seller@paypal.example'),
    );
    const made = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'paypal', trade: trade.tradeNumber },
    });
    const batch = batchOf(made);
    const file = await office.request('GET', `/payouts/batches/${batch}/file`, {
      cookie: clerk.cookie,
    });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch}.csv"`);
    const [line] = file.text.split('\r\n');
    expect(line).toContain('seller@paypal.example');
    expect(line).toContain(
      `"${euros(trade.amountCents).replace('.', ',')}",EUR,${trade.tradeNumber}`,
    );

    const ask = await office.request('GET', `/payouts/batches/${batch}?step=cancel`, {
      cookie: clerk.cookie,
    });
    expect(ask.text).toContain(`Cancel batch ${batch}?`);
    const cancelled = await office.request('POST', `/payouts/batches/${batch}`, {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, intent: 'cancel' },
    });
    expect(locationOf(cancelled)).toBe(`/payouts/batches/${batch}?done=cancelled`);
    const list = await office.request('GET', '/payouts?method=paypal', { cookie: clerk.cookie });
    expect(list.text).toContain(`value="${trade.tradeNumber}"`);
    const batches = await office.request('GET', '/payouts/batches?state=cancelled', {
      cookie: clerk.cookie,
    });
    expect(batches.text).toContain(batch);
    expect(batches.text).toContain('Cancelled');
  });

  it('refuses a batch naming each refused trade beside its row, and makes nothing', async () => {
    const clerk = await office.staff('refusal-clerk@example.com', ['payouts']);
    const good = await readyTrade(office, 'refusal-good@example.com');
    const paypal = await readyTrade(
      office,
      'refusal-pp@example.com',
      paypalPayout('r@example.com'),
    );
    const badBic = await readyTrade(office, 'refusal-bic@example.com');
    const received = await guestTrade(shopApi(office), 'refusal-received@example.com', [
      'iphone 13',
    ]);
    await office.ops('receive', received.tradeNumber);
    const db = databaseOfDataDir(office.server.dataDir);
    try {
      await db
        .updateTable('trades')
        .set({
          payout_details: JSON.stringify({
            accountHolder: 'Erika Müller',
            iban: sellerIban,
            bic: 'NOT-A-BIC',
          }),
        })
        .where('trade_number', '=', badBic.tradeNumber)
        .execute();
    } finally {
      await db.destroy();
    }
    const before = await batchCount(clerk.cookie);

    const refused = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: {
        csrf: clerk.csrfToken,
        method: 'sepa',
        trade: [good.tradeNumber, paypal.tradeNumber, received.tradeNumber, badBic.tradeNumber],
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('No batch was made. These trades cannot be paid in it:');
    const besideRow = (number: string) =>
      new RegExp(`id="refusal-${number}">([^<]*)<`).exec(refused.text)?.[1];
    expect(besideRow(paypal.tradeNumber)).toBe(
      'Paid by the other method: make a batch of that method for it.',
    );
    expect(besideRow(good.tradeNumber)).toBeUndefined();
    expect(refused.text).toContain('Not ready to pay: the trade is received but not inspected.');
    const refusedBox = checkboxOf(refused.text, paypal.tradeNumber);
    expect(refusedBox).toContain('aria-invalid="true"');
    expect(refusedBox).toContain(`aria-describedby="refusal-${paypal.tradeNumber}"`);
    expect(checkboxOf(refused.text, good.tradeNumber)).toContain('checked=""');
    expect(checkboxOf(refused.text, good.tradeNumber)).not.toContain('aria-invalid');
    expect(await batchCount(clerk.cookie)).toBe(before);

    // The payments are checked once every trade may be paid: a wrong BIC, named beside its row.
    const wrongBic = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: {
        csrf: clerk.csrfToken,
        method: 'sepa',
        trade: [good.tradeNumber, badBic.tradeNumber],
      },
    });
    expect(wrongBic.status).toBe(400);
    expect(new RegExp(`id="refusal-${badBic.tradeNumber}">([^<]*)<`).exec(wrongBic.text)?.[1]).toBe(
      'The seller&#x27;s BIC is not valid.',
    );
    expect(await batchCount(clerk.cookie)).toBe(before);

    const none = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'sepa' },
    });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Select at least one trade');
    const noMethod = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'cash', trade: good.tradeNumber },
    });
    expect(noMethod.status).toBe(400);
    expect(noMethod.text).toContain('Choose SEPA transfer or PayPal.');
    expect(noMethod.text).toContain('aria-describedby="method-error"');

    const withoutToken = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { method: 'sepa', trade: good.tradeNumber },
    });
    expect(withoutToken.status).toBe(403);
    expect(await batchCount(clerk.cookie)).toBe(before);
  });

  it('makes nothing twice on a double submit, and names the batch that holds the trades', async () => {
    const clerk = await office.staff('double-clerk@example.com', ['payouts']);
    const trade = await readyTrade(office, 'double@example.com');
    const other = await readyTrade(office, 'double-other@example.com');
    const form = {
      csrf: clerk.csrfToken,
      method: 'sepa',
      trade: [trade.tradeNumber, other.tradeNumber],
    };
    const before = await batchCount(clerk.cookie);
    const [first, second] = await Promise.all([
      office.request('POST', '/payouts', { cookie: clerk.cookie, form }),
      office.request('POST', '/payouts', { cookie: clerk.cookie, form }),
    ]);
    const answers = [first, second].toSorted((a, b) => a.status - b.status);
    const batch = batchOf(answers[0] as OfficeAnswer);
    expect(answers[1]?.status).toBe(409);
    expect(await batchCount(clerk.cookie)).toBe(before + 1);

    const third = await office.request('POST', '/payouts', { cookie: clerk.cookie, form });
    expect(third.status).toBe(409);
    expect(third.text).toContain('Already in the open batch');
    expect(third.text).toContain(`href="/payouts/batches/${batch}"`);
    expect(third.text).toContain(trade.tradeNumber);
    expect(third.text).toContain(other.tradeNumber);
    expect(await batchCount(clerk.cookie)).toBe(before + 1);
  });

  it('answers any form and address without a 5xx, and makes no batch of bad input', async () => {
    const clerk = await office.staff('property-clerk@example.com', ['payouts']);
    const before = await batchCount(clerk.cookie);
    const text = fc.string({ maxLength: 40, unit: 'binary' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('sepa', 'paypal'), text),
        fc.array(text, { maxLength: 4 }),
        fc.option(fc.constant('1'), { nil: undefined }),
        fc.array(text, { maxLength: 3 }),
        async (method, trades, allOnPage, onPage) => {
          const answer = await office.request('POST', '/payouts', {
            cookie: clerk.cookie,
            form: {
              csrf: clerk.csrfToken,
              method,
              trade: trades,
              onPage,
              ...(allOnPage === undefined ? {} : { allOnPage }),
            },
          });
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/payouts', '/payouts/batches', '/payouts/batches/'),
        fc.constantFrom('page', 'method', 'state', 'pageSize'),
        text,
        async (path, name, value) => {
          const address = path.endsWith('/')
            ? `${path}${encodeURIComponent(value)}`
            : `${path}?${name}=${encodeURIComponent(value)}`;
          const answer = await office.request('GET', address, { cookie: clerk.cookie });
          expect({ address, serverError: answer.status >= 500 }).toEqual({
            address,
            serverError: false,
          });
          if (!path.endsWith('/')) return;
          // A batch's page takes confirm and cancel: any intent, any batch number.
          const post = await office.request('POST', address, {
            cookie: clerk.cookie,
            form: { csrf: clerk.csrfToken, intent: value },
          });
          expect({ address, serverError: post.status >= 500 }).toEqual({
            address,
            serverError: false,
          });
        },
      ),
      { numRuns: 40 },
    );
    expect(await batchCount(clerk.cookie)).toBe(before);
  });
});
