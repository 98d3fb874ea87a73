import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { useGuestSales } from '../../../test-kit/guest-sale.ts';

/*
 * The clarifications screen as a browser without JavaScript uses it, through the built server:
 * open clarifications with their age, a decision given by phone (refusals, CSRF, the double
 * submit), the decided list, paging in the URL, and roles.
 */

const office = useBackOffice();

const selling = useGuestSales(office, 'clarifications');

/** A trade whose two devices were found worse: both lines wait for the seller's decision. */
async function clarifiedTrade() {
  const sale = await selling.sale();
  await office.ops('receive', sale.tradeNumber);
  for (const position of ['1', '2'])
    await office.ops('inspect', sale.tradeNumber, '--item', position);
  for (const [index, price] of sale.prices.entries()) {
    await office.ops(
      'clarify',
      sale.tradeNumber,
      '--item',
      String(index + 1),
      '--price',
      String(price - 1000),
      '--reason',
      'Display scratched',
    );
  }
  return sale;
}

describe('the clarifications screen', () => {
  it('lists open clarifications and records a decision given by phone once', async () => {
    const inspector = await office.staff('cleo@example.com', ['inspector']);
    const sale = await clarifiedTrade();
    const list = await office.request('GET', '/clarifications', { cookie: inspector.cookie });
    expect(list.status).toBe(200);
    expect(list.text).toContain(sale.tradeNumber);
    expect(list.text).toContain('Display scratched');
    expect(list.text).toMatch(/open for .*0.* h/);
    expect(list.text).toContain('href="/clarifications"');

    const form = { csrf: inspector.csrfToken, tradeNumber: sale.tradeNumber, open: ['1', '2'] };
    const noNote = await office.request('POST', '/clarifications', {
      cookie: inspector.cookie,
      form: { ...form, 'decision.1': 'accept', 'decision.2': 'return', note: ' ' },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.text).toContain('Write a note of 3 to 500 characters');
    expect(noNote.text).toMatch(/aria-invalid="true"/);

    const oneMissing = await office.request('POST', '/clarifications', {
      cookie: inspector.cookie,
      form: { ...form, 'decision.1': 'accept', note: 'by phone 14:05' },
    });
    expect(oneMissing.status).toBe(400);
    expect(oneMissing.text).toContain('Choose accept or return for every open device.');
    expect(oneMissing.text).toContain('value="by phone 14:05"');

    const withoutToken = await office.request('POST', '/clarifications', {
      cookie: inspector.cookie,
      form: {
        tradeNumber: sale.tradeNumber,
        open: ['1', '2'],
        'decision.1': 'accept',
        'decision.2': 'return',
        note: 'by phone 14:05',
      },
    });
    expect(withoutToken.status).toBe(403);

    const decided = {
      ...form,
      'decision.1': 'accept',
      'decision.2': 'return',
      note: 'by phone 14:05',
    };
    const recorded = await office.request('POST', '/clarifications', {
      cookie: inspector.cookie,
      form: decided,
    });
    expect(recorded.status).toBe(200);
    expect(recorded.text).toContain(`The decision for trade ${sale.tradeNumber} is recorded.`);
    const decidedRow = new RegExp(`${sale.tradeNumber}</a>.*?</tr>`, 's').exec(
      recorded.text.slice(recorded.text.indexOf('Decided clarifications')),
    )?.[0];
    expect(decidedRow).toContain('staff');

    const twice = await office.request('POST', '/clarifications', {
      cookie: inspector.cookie,
      form: decided,
    });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('Nothing was recorded twice.');

    const audit = await office.ops('audit', '--subject', `trade:${sale.tradeNumber}`);
    expect(audit.filter((line) => line.includes('trade.decision_recorded'))).toHaveLength(1);
  });

  it('pages through the URL and says when a page is empty', async () => {
    const inspector = await office.staff('cora@example.com', ['admin']);
    await clarifiedTrade();
    const far = await office.request('GET', '/clarifications?page=40', {
      cookie: inspector.cookie,
    });
    expect(far.status).toBe(200);
    expect(far.text).toContain('No clarification is open on this page.');
    expect(far.text).toContain('Previous page');
    const bad = await office.request('GET', '/clarifications?page=abc', {
      cookie: inspector.cookie,
    });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Open, oldest first');
  });

  it('is for admins and inspectors only', async () => {
    for (const role of ['payouts', 'pricing'] as const) {
      const other = await office.staff(`clar-${role}@example.com`, [role]);
      const page = await office.request('GET', '/clarifications', { cookie: other.cookie });
      expect(page.status).toBe(403);
      expect(page.text).toContain('Your account does not have the role this page needs.');
      const posted = await office.request('POST', '/clarifications', {
        cookie: other.cookie,
        form: { csrf: other.csrfToken, tradeNumber: 'T-2026-000001', note: 'by phone' },
      });
      expect(posted.status).toBe(403);
      const home = await office.request('GET', '/', { cookie: other.cookie });
      expect(home.text).not.toContain('href="/clarifications"');
    }
    expect((await office.request('GET', '/clarifications')).status).toBe(302);
  });

  it('answers any posted decision without a 5xx and records nothing that is not one', async () => {
    const inspector = await office.staff('cosima@example.com', ['inspector']);
    const sale = await clarifiedTrade();
    const text = fc.string({ maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(sale.tradeNumber), text),
        fc.dictionary(text, text, { maxKeys: 3 }),
        fc.oneof(fc.constant('by phone 14:05'), text),
        async (tradeNumber, decisions, note) => {
          const answer = await office.request('POST', '/clarifications', {
            cookie: inspector.cookie,
            form: {
              csrf: inspector.csrfToken,
              tradeNumber,
              open: ['1', '2'],
              note,
              ...Object.fromEntries(
                Object.entries(decisions).map(([position, decision]) => [
                  `decision.${position}`,
                  decision,
                ]),
              ),
              // Device 2 never gets a decision: the form is always short of one.
              'decision.1': 'accept',
            },
          });
          expect(answer.status).toBeLessThan(500);
          expect(answer.status).not.toBe(200);
        },
      ),
      { numRuns: 40 },
    );
    const list = await office.request('GET', '/clarifications', { cookie: inspector.cookie });
    const open = list.text.slice(0, list.text.indexOf('Decided in the last 14 days'));
    expect(open).toContain(sale.tradeNumber);
  });
});
