import { describe, expect, it } from 'vitest';
import { useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { paypalPayout, readyTrade } from '../../../test-kit/guest-sale.ts';

/*
 * A server without our bank account (no PAYOUT_ACCOUNT_*): a SEPA batch is refused with what to
 * configure, and PayPal batches still work.
 */

const office = useBackOffice();

describe('payouts without our SEPA account configured', () => {
  it('says which settings are missing, makes nothing, and still makes PayPal batches', async () => {
    const clerk = await office.staff('no-account@example.com', ['payouts']);
    const sepa = await readyTrade(office, 'no-account-sepa@example.com');
    const paypal = await readyTrade(
      office,
      'no-account-pp@example.com',
      paypalPayout('p@example.com'),
    );

    const refused = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'sepa', trade: sepa.tradeNumber },
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('our bank account for SEPA payouts is not configured');
    expect(refused.text).toContain(
      'PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC',
    );
    expect(refused.text).toContain(`checked="" value="${sepa.tradeNumber}"`);
    const batches = await office.request('GET', '/payouts/batches', { cookie: clerk.cookie });
    expect(batches.text).toContain('No batch yet.');

    const made = await office.request('POST', '/payouts', {
      cookie: clerk.cookie,
      form: { csrf: clerk.csrfToken, method: 'paypal', trade: paypal.tradeNumber },
    });
    expect(made.status).toBe(302);
    expect(String(made.headers['location'])).toMatch(/^\/payouts\/batches\/PB-\d{4}-\d+\?made=1$/);
  });
});
