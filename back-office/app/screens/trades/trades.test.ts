import * as fc from 'fast-check';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBackOffice } from '../../../test-kit/back-office-kit.ts';
import { guestTrade, shopApi, type GuestSale } from '../../../test-kit/guest-sale.ts';

/*
 * The trades queue, the trade page and receiving as a browser without JavaScript uses them,
 * through the built server: filters, sort and page from the URL, refused filters named beside
 * them, receipts (recorded, unknown, already received, returned, past receipt, a bad number,
 * twice at once, without the CSRF token) and who may see what.
 */

const office = useBackOffice();

/** The rows' trade numbers of a queue page, in order. */
function rowNumbers(page: string): string[] {
  return [...page.matchAll(/<th scope="row"><a href="\/trades\/(T-[0-9-]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The count a status tab of the queue shows. */
function tabCount(page: string, label: string): number {
  const match = new RegExp(
    `>${label}(?:<!-- -->)? <span class="queue-tabs__count">(\\d+)</span>`,
  ).exec(page);
  return Number(match?.[1] ?? Number.NaN);
}

/** The page's text without tags, entities of quotes read back. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('the trades queue and the trade page', () => {
  let first: GuestSale;
  let second: GuestSale;
  let third: GuestSale;
  let admin: { cookie: string };

  beforeAll(async () => {
    const api = shopApi(office);
    first = await guestTrade(api, 'lena.queue@example.com', ['iphone 13', 'galaxy s21'], {
      lastName: 'Berg',
    });
    second = await guestTrade(api, 'max.queue@example.com', ['iphone 13'], { lastName: 'Sommer' });
    third = await guestTrade(api, 'ida.queue@example.com', ['galaxy s21'], { lastName: 'Winter' });
    await office.ops('receive', second.tradeNumber);
    admin = await office.staff('queue.admin@example.com', ['admin']);
  }, 120_000);

  it('lists every trade with the status tabs counted, newest first', async () => {
    const page = await office.request('GET', '/trades', { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(rowNumbers(page.text)).toEqual([
      third.tradeNumber,
      second.tradeNumber,
      first.tradeNumber,
    ]);
    expect(tabCount(page.text, 'All')).toBe(3);
    expect(tabCount(page.text, 'Created')).toBe(2);
    expect(tabCount(page.text, 'Received')).toBe(1);
    expect(tabCount(page.text, 'Paid')).toBe(0);
    expect(textOf(page.text)).toContain('3 trades match.');
    expect(textOf(page.text)).toContain('Jonas Berg');
  });

  it('filters by status and search from the URL, keeping the filters in the tabs', async () => {
    const received = await office.request('GET', '/trades?status=received', {
      cookie: admin.cookie,
    });
    expect(rowNumbers(received.text)).toEqual([second.tradeNumber]);
    const current = [...received.text.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map(
      (match) => /href="([^"]*)"/.exec(match[0])?.[1],
    );
    // The navigation's entry and the status tab.
    expect(current).toEqual(['/trades', '/trades?status=received']);

    const byMail = await office.request('GET', '/trades?q=lena.queue', { cookie: admin.cookie });
    expect(rowNumbers(byMail.text)).toEqual([first.tradeNumber]);
    // The tabs count what each would list with the search kept, and link with it.
    expect(tabCount(byMail.text, 'Created')).toBe(1);
    expect(tabCount(byMail.text, 'Received')).toBe(0);
    expect(byMail.text).toContain('href="/trades?status=received&amp;q=lena.queue"');

    const byName = await office.request('GET', '/trades?q=winter', { cookie: admin.cookie });
    expect(rowNumbers(byName.text)).toEqual([third.tradeNumber]);

    const byNumber = await office.request(
      'GET',
      `/trades?q=${encodeURIComponent(second.tradeNumber)}`,
      { cookie: admin.cookie },
    );
    expect(rowNumbers(byNumber.text)).toEqual([second.tradeNumber]);

    const none = await office.request('GET', '/trades?partner=nobody', { cookie: admin.cookie });
    expect(rowNumbers(none.text)).toEqual([]);
    expect(textOf(none.text)).toContain('No trades match these filters.');
  });

  it('sorts and pages from the URL, with links to the pages around', async () => {
    const path = '/trades?sort=number&direction=asc&pageSize=1';
    const one = await office.request('GET', path, { cookie: admin.cookie });
    expect(rowNumbers(one.text)).toEqual([first.tradeNumber]);
    expect(textOf(one.text)).toContain('Page 1 of 3');
    expect(one.text).toContain(
      'href="/trades?sort=number&amp;direction=asc&amp;page=2&amp;pageSize=1"',
    );
    const two = await office.request('GET', `${path}&page=2`, { cookie: admin.cookie });
    expect(rowNumbers(two.text)).toEqual([second.tradeNumber]);
    expect(two.text).toContain(
      'href="/trades?sort=number&amp;direction=asc&amp;page=1&amp;pageSize=1"',
    );
    const past = await office.request('GET', `${path}&page=9`, { cookie: admin.cookie });
    expect(past.status).toBe(200);
    expect(textOf(past.text)).toContain('This page is past the end of the list.');
  });

  it('names refused filters beside them and still shows the list', async () => {
    const page = await office.request(
      'GET',
      '/trades?edition=xx&from=2026-02-30&q=lena.queue&sort=price',
      { cookie: admin.cookie },
    );
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/id="filter-edition"[^>]*aria-invalid="true"/);
    expect(page.text).toMatch(/id="filter-from"[^>]*aria-invalid="true"/);
    expect(page.text).toMatch(/id="filter-sort"[^>]*aria-invalid="true"/);
    expect(page.text).not.toMatch(/id="filter-q"[^>]*aria-invalid/);
    expect(textOf(page.text)).toContain('Choose one of the editions.');
    expect(textOf(page.text)).toContain('Enter a day of the calendar as YYYY-MM-DD.');
    expect(rowNumbers(page.text)).toEqual([first.tradeNumber]);

    const backwards = await office.request('GET', '/trades?from=2026-05-02&to=2026-05-01', {
      cookie: admin.cookie,
    });
    expect(backwards.text).toMatch(/id="filter-to"[^>]*aria-invalid="true"/);
    expect(backwards.text).not.toMatch(/id="filter-from"[^>]*aria-invalid/);
  });

  it('shows a trade with its lines, inspection links, timeline and, for admins, its audit log', async () => {
    const page = await office.request('GET', `/trades/${second.tradeNumber}`, {
      cookie: admin.cookie,
    });
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain(`Trade ${second.tradeNumber}`);
    expect(text).toContain('max.queue@example.com');
    expect(page.text).toContain(`href="/trades/${second.tradeNumber}/devices/1"`);
    expect(page.text).toContain(
      `href="/audit?subjectType=trade&amp;subjectId=${second.tradeNumber}"`,
    );
    expect(page.text.match(/<strong>Received<\/strong>/g)).toHaveLength(1);
    expect(page.text.match(/<strong>Created<\/strong>/g)).toHaveLength(1);

    const inspector = await office.staff('queue.inspector@example.com', ['inspector']);
    const asInspector = await office.request('GET', `/trades/${second.tradeNumber}`, {
      cookie: inspector.cookie,
    });
    expect(asInspector.status).toBe(200);
    expect(asInspector.text).not.toContain('/audit?subjectType=trade');

    const unknown = await office.request('GET', '/trades/T-2026-999999', { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    const malformed = await office.request('GET', '/trades/banana', { cookie: admin.cookie });
    expect(malformed.status).toBe(404);
    const photo = await office.request(
      'GET',
      `/trades/${second.tradeNumber}/photos/seller/1/no-such-photo`,
      { cookie: admin.cookie },
    );
    expect(photo.status).toBe(404);
    const kind = await office.request('GET', `/trades/${second.tradeNumber}/photos/other/1/x`, {
      cookie: admin.cookie,
    });
    expect(kind.status).toBe(404);
  });

  it('speaks German to a member who chose it, with money and days written the German way', async () => {
    const member = await office.staff('queue.german@example.com', ['inspector']);
    const saved = await office.request('POST', '/account', {
      cookie: member.cookie,
      form: { csrf: member.csrfToken, locale: 'de', name: 'Greta' },
    });
    expect(saved.status).toBe(302);
    const queue = await office.request('GET', '/trades?edition=xx', { cookie: member.cookie });
    const text = textOf(queue.text);
    expect(text).toContain('Ankäufe');
    expect(text).toContain('3 Ankäufe passen.');
    expect(text).toContain('Wählen Sie eine der Editionen.');
    expect(text).toMatch(/\d+,\d{2}\s€/);
    expect(tabCount(queue.text, 'Eingegangen')).toBe(1);
    const receiving = await office.request('GET', '/receiving', { cookie: member.cookie });
    expect(textOf(receiving.text)).toContain('Wareneingang');
    expect(textOf(receiving.text)).toContain('Tastenkürzel');
  });

  it('shows inspection photos as thumbnails streamed from the API with their type', async () => {
    const trade = await guestTrade(shopApi(office), 'photo.queue@example.com', ['iphone 13']);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const file = join(office.server.dataDir, 'bench-photo.jpg');
    await writeFile(file, jpeg);
    await office.ops('receive', trade.tradeNumber);
    await office.ops('inspect', trade.tradeNumber, '--item', '1', '--photo', file);
    const page = await office.request('GET', `/trades/${trade.tradeNumber}`, {
      cookie: admin.cookie,
    });
    const src = new RegExp(
      `<img src="(/trades/${trade.tradeNumber}/photos/inspection/1/[^"]+)"`,
    ).exec(page.text)?.[1];
    expect(src).toBeDefined();
    expect(page.text).toContain(`<a href="${src}" aria-label="Inspection photo 1 of`);
    const photo = await office.request('GET', src ?? '', { cookie: admin.cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(photo.text, 'latin1').length).toBeGreaterThan(0);
    const payouts = await office.staff('photo.payouts@example.com', ['payouts']);
    expect((await office.request('GET', src ?? '', { cookie: payouts.cookie })).status).toBe(200);
    const pricing = await office.staff('photo.pricing@example.com', ['pricing']);
    expect((await office.request('GET', src ?? '', { cookie: pricing.cookie })).status).toBe(403);
    const signedOut = await office.request('GET', src ?? '');
    expect(signedOut.status).toBe(302);
  });

  it('lets payouts read the queue but not receive, and refuses pricing everything', async () => {
    const payouts = await office.staff('queue.payouts@example.com', ['payouts']);
    expect((await office.request('GET', '/trades', { cookie: payouts.cookie })).status).toBe(200);
    const receiving = await office.request('GET', '/receiving', { cookie: payouts.cookie });
    expect(receiving.status).toBe(403);
    expect(receiving.text).toContain('Not allowed');
    const post = await office.request('POST', '/receiving', {
      cookie: payouts.cookie,
      form: { csrf: payouts.csrfToken, tradeNumber: third.tradeNumber },
    });
    expect(post.status).toBe(403);

    const pricing = await office.staff('queue.pricing@example.com', ['pricing']);
    for (const path of ['/trades', `/trades/${first.tradeNumber}`, '/receiving']) {
      const answer = await office.request('GET', path, { cookie: pricing.cookie });
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('Not allowed');
    }
    const navigation = await office.request('GET', '/', { cookie: pricing.cookie });
    expect(navigation.text).not.toContain('href="/trades"');
    expect(navigation.text).not.toContain('href="/receiving"');
    const inspector = await office.staff('queue.nav@example.com', ['inspector']);
    const inspectorHome = await office.request('GET', '/', { cookie: inspector.cookie });
    expect(inspectorHome.text).toContain('href="/trades"');
    expect(inspectorHome.text).toContain('href="/receiving"');

    // Reading is refused, so nothing was received by payouts' post.
    const queue = await office.request('GET', '/trades?status=created', { cookie: admin.cookie });
    expect(rowNumbers(queue.text)).toContain(third.tradeNumber);
  });
});

describe('receiving without JavaScript', () => {
  it('records a receipt, names the trade and its devices, and lists it for the session', async () => {
    const trade = await guestTrade(shopApi(office), 'rita.receive@example.com');
    const inspector = await office.staff('receive.one@example.com', ['inspector']);
    const page = await office.request('GET', '/receiving', { cookie: inspector.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<input[^>]*id="tradeNumber"[^>]*autofocus=""/i);
    expect(textOf(page.text)).toContain('No parcels received in this session yet.');
    expect(textOf(page.text)).toContain('Keyboard shortcuts');

    const answer = await office.request('POST', '/receiving', {
      cookie: inspector.cookie,
      // A scanner's lower case and spaces are read as the label's number.
      form: { csrf: inspector.csrfToken, tradeNumber: ` ${trade.tradeNumber.toLowerCase()} ` },
    });
    expect(answer.status).toBe(200);
    expect(textOf(answer.text)).toContain(`${trade.tradeNumber} received: 2 devices. Next parcel.`);
    expect(answer.text).toMatch(/id="tradeNumber"[^>]*value=""/);
    const setCookie = [answer.headers['set-cookie'] ?? []].flat();
    const listCookie = setCookie.find((cookie) => cookie.startsWith('tradein_receiving='));
    expect(listCookie).toMatch(/Path=\/receiving; Max-Age=43200; HttpOnly; SameSite=Strict/);
    expect(rowNumbers(answer.text)).toEqual([trade.tradeNumber]);

    const later = await office.request('GET', '/receiving', {
      cookie: `${inspector.cookie}; ${listCookie?.split(';')[0] ?? ''}`,
    });
    expect(rowNumbers(later.text)).toEqual([trade.tradeNumber]);

    const status = await office.request('GET', `/trades/${trade.tradeNumber}`, {
      cookie: inspector.cookie,
    });
    expect(status.text).toContain('<span class="trade-status__badge">Received</span>');
  });

  it('says plainly when a trade is unknown, already received, returned or past receipt', async () => {
    const inspector = await office.staff('receive.two@example.com', ['inspector']);
    const post = (tradeNumber: string) =>
      office.request('POST', '/receiving', {
        cookie: inspector.cookie,
        form: { csrf: inspector.csrfToken, tradeNumber },
      });

    const unknown = await post('T-2026-999998');
    expect(unknown.status).toBe(404);
    expect(textOf(unknown.text)).toContain(
      'No trade T-2026-999998 exists. Check the label and scan again.',
    );
    expect(unknown.text).toMatch(/id="tradeNumber"[^>]*value="T-2026-999998"/);

    const api = shopApi(office);
    const again = await guestTrade(api, 'olga.receive@example.com', ['iphone 13']);
    expect((await post(again.tradeNumber)).status).toBe(200);
    const twice = await post(again.tradeNumber);
    expect(twice.status).toBe(409);
    expect(textOf(twice.text)).toMatch(
      new RegExp(`${again.tradeNumber} was already received on .+ by .+\\. Nothing recorded\\.`),
    );

    const returned = await guestTrade(api, 'paul.receive@example.com', ['iphone 13']);
    await office.ops('receive', returned.tradeNumber);
    await office.ops('inspect', returned.tradeNumber, '--item', '1');
    await office.ops('clarify', returned.tradeNumber, '--item', '1', '--price', '100');
    await office.ops('return', returned.tradeNumber);
    const back = await post(returned.tradeNumber);
    expect(back.status).toBe(409);
    expect(textOf(back.text)).toContain(
      `${returned.tradeNumber} was returned to the seller and cannot be received. Nothing recorded.`,
    );

    const inspected = await guestTrade(api, 'vera.receive@example.com', ['iphone 13']);
    await office.ops('receive', inspected.tradeNumber);
    await office.ops('inspect', inspected.tradeNumber, '--item', '1');
    const past = await post(inspected.tradeNumber);
    expect(past.status).toBe(409);
    expect(textOf(past.text)).toContain(
      `${inspected.tradeNumber} is already past receipt (status: Inspected). Nothing recorded.`,
    );
  }, 60_000);

  it('refuses a bad number beside the field without asking the API', async () => {
    const inspector = await office.staff('receive.three@example.com', ['inspector']);
    // Without the CSRF token the API would refuse with 403: a 400 shows it was never asked.
    for (const typed of ['hello', '', 'T-26-1', 'T-2026-000001; drop']) {
      const answer = await office.request('POST', '/receiving', {
        cookie: inspector.cookie,
        form: { tradeNumber: typed },
      });
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(
        /id="tradeNumber"[^>]*aria-invalid="true"[^>]*aria-describedby="tradeNumber-hint tradeNumber-error"/,
      );
      expect(textOf(answer.text)).toContain(
        'This is not a trade number: it looks like T-2026-000123.',
      );
    }
  });

  it('answers any typed queue URL and any typed number without a 5xx, receiving nothing', async () => {
    const trade = await guestTrade(shopApi(office), 'fuzz.receive@example.com', ['iphone 13']);
    const inspector = await office.staff('receive.fuzz@example.com', ['inspector']);
    const names = ['status', 'edition', 'mode', 'partner', 'from', 'to', 'q', 'sort', 'page'];
    const text = fc.string({ maxLength: 40, unit: 'binary' });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), text, text, async (name, value, typed) => {
        const params = new URLSearchParams({ [name]: value });
        const queue = await office.request('GET', `/trades?${params.toString()}`, {
          cookie: inspector.cookie,
        });
        expect(queue.status).toBe(200);
        const receipt = await office.request('POST', '/receiving', {
          cookie: inspector.cookie,
          form: { csrf: inspector.csrfToken, tradeNumber: typed },
        });
        expect([400, 404]).toContain(receipt.status);
      }),
      { numRuns: 40 },
    );
    const page = await office.request('GET', `/trades/${trade.tradeNumber}`, {
      cookie: inspector.cookie,
    });
    expect(page.text).toContain('<span class="trade-status__badge">Created</span>');
  }, 60_000);

  it('refuses a receipt without the CSRF token, and records a double submit once', async () => {
    const trade = await guestTrade(shopApi(office), 'sina.receive@example.com');
    const inspector = await office.staff('receive.four@example.com', ['inspector']);
    const withoutToken = await office.request('POST', '/receiving', {
      cookie: inspector.cookie,
      form: { tradeNumber: trade.tradeNumber },
    });
    expect(withoutToken.status).toBe(403);
    const admin = await office.staff('receive.admin@example.com', ['admin']);
    const created = await office.request('GET', `/trades/${trade.tradeNumber}`, {
      cookie: admin.cookie,
    });
    expect(created.text).toContain('<span class="trade-status__badge">Created</span>');

    const form = { csrf: inspector.csrfToken, tradeNumber: trade.tradeNumber };
    const answers = await Promise.all([
      office.request('POST', '/receiving', { cookie: inspector.cookie, form }),
      office.request('POST', '/receiving', { cookie: inspector.cookie, form }),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    const received = await office.request('GET', `/trades/${trade.tradeNumber}`, {
      cookie: admin.cookie,
    });
    expect(received.text.match(/<strong>Received<\/strong>/g)).toHaveLength(1);
    const audit = await office.request(
      'GET',
      `/audit?subjectType=trade&subjectId=${trade.tradeNumber}`,
      { cookie: admin.cookie },
    );
    expect(audit.text.match(/<code>trade\.received<\/code>/g)).toHaveLength(1);
  });
});
