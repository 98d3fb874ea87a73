import { dirname } from 'node:path';
import { clarificationViewSchema, type ClarificationView } from '@tradein/contract';
import { formatMoney } from '@tradein/editions/client';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openClarificationBench,
  type ClarificationBench,
} from '../app/clarification/clarification-test-kit.ts';
import { useTestShop } from './test-shop.ts';

/*
 * The clarification pages as a browser without JavaScript uses them: trades made through the
 * trade API, revised with the operator commands, the links taken from the mails, the decisions
 * posted as forms. The page speaks German here; the checks read its structure (states, field
 * names, figures), so that they hold in every language.
 */

const host = 'de.localhost';

const shop = useTestShop();
let bench: ClarificationBench;
beforeAll(async () => {
  bench = await openClarificationBench(shop.api, dirname(shop.outbox));
}, 60_000);
afterAll(() => bench?.close());

/** The view the trade API gives for a mailed link. */
async function viewOf(page: string): Promise<ClarificationView> {
  const answer = await shop.api(
    'GET',
    `/api/trade/clarifications/${page.slice('/clarification/'.length)}`,
  );
  expect(answer.status).toBe(200);
  return clarificationViewSchema.parse(answer.body);
}

/** Whether a body is the 404 page's expired-link variant. */
function expectExpiredLinkPage(response: { statusCode: number; body: string }) {
  expect(response.statusCode).toBe(404);
  expect(response.body).toContain('data-page-type="404"');
  expect(response.body).toContain('Hoppla, dieser Link ist abgelaufen');
}

/** The `<main>` of a page. */
function mainOf(body: string): string {
  return body.slice(body.indexOf('<main'), body.indexOf('</main>'));
}

/** The state the page shows (`open`, `confirmed`, `answered`, `info`, `quick`, …). */
function pageState(body: string): string | undefined {
  return /<main[^>]*data-state="([^"]+)"/.exec(body)?.[1];
}

describe('the clarification page', () => {
  it('shows each device with answers against findings, photo, reason and prices', async () => {
    const trade = await bench.twoDevicesRevisedDown({ photo: true });
    const response = await shop.get(host, trade.links.page);
    expect(response.statusCode).toBe(200);
    expect(pageState(response.body)).toBe('open');
    expect(response.body).toMatch(/<meta name="robots" content="noindex/);
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toContain('no-store');
    const main = mainOf(response.body);
    expect(main).toContain(trade.tradeNumber);
    for (const [index, device] of [bench.phone, bench.tablet].entries()) {
      expect(main).toContain(device.name);
      expect(main).toContain(formatMoney('de', trade.prices[index] ?? 0));
      expect(main).toContain(formatMoney('de', trade.revised[index] ?? 0));
      // One radio group per device, accept or return.
      expect(main).toContain(`name="decision-${index + 1}" value="accept"`);
      expect(main).toContain(`name="decision-${index + 1}" value="return"`);
    }
    expect(main).toContain('Display scratched');
    expect(main).toContain('Battery worn');
    // Question by question: what the seller answered (the best) against what we found.
    const question = bench.phone.questions[0];
    expect(main).toContain(question?.question ?? '?');
    expect(main).toContain(question?.answers[0]?.text ?? '?');
    expect(main).toContain(question?.answers.at(-1)?.text ?? '?');
    expect(main).toContain('data-differs="true"');
    // The inspection photo loads from the shop's own origin.
    const photo = `/api/trade/clarifications/${trade.links.link}/${trade.tradeNumber}/photo/1`;
    expect(main).toContain(`src="${photo}"`);
    expect(main).not.toContain('/photo/2"');
    const image = await shop.get(host, photo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // Opening the page decided nothing.
    expect((await viewOf(trade.links.page)).state).toBe('open');
  });

  it('refuses a confirmation that leaves a device without a decision', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    const response = await shop.postForm(host, trade.links.page, { 'decision-1': 'return' });
    expect(response.statusCode).toBe(400);
    const main = mainOf(response.body);
    expect(main).toContain('role="alert"');
    expect(main).toContain('href="#decision-group-2"');
    expect(main).toMatch(/id="decision-group-2" aria-describedby="[^"]+"/);
    expect(main).not.toMatch(/id="decision-group-1" aria-describedby/);
    // The choice made is kept.
    const radios = main.match(/<input[^>]*name="decision-1"[^>]*>/g) ?? [];
    expect(radios.filter((radio) => radio.includes('checked'))).toEqual([
      expect.stringContaining('value="return"'),
    ]);
    expect((await viewOf(trade.links.page)).state).toBe('open');
  });

  it('accepts every revised offer at once and shows the new total', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    const response = await shop.postForm(host, trade.links.page, {
      'decision-1': 'accept',
      'decision-2': 'accept',
    });
    expect(response.statusCode).toBe(200);
    expect(pageState(response.body)).toBe('confirmed');
    const total = (trade.revised[0] ?? 0) + (trade.revised[1] ?? 0);
    expect(mainOf(response.body)).toContain(formatMoney('de', total));
    expect(mainOf(response.body)).toContain('data-payout-day="');
    const view = await viewOf(trade.links.page);
    expect(view.state).toBe('answered');
    expect(view.lines.map((line) => line.decision)).toEqual(['accept', 'accept']);
    expect(view.revisedTotalCents).toBe(total);

    // Opened again, the page is read-only with the decisions.
    const again = await shop.get(host, trade.links.page);
    expect(again.statusCode).toBe(200);
    expect(pageState(again.body)).toBe('answered');
    expect(mainOf(again.body)).not.toContain('type="radio"');
    expect(mainOf(again.body)).toContain('data-decision="accept"');

    // A second post of the same form changes nothing and says so.
    const late = await shop.postForm(host, trade.links.page, {
      'decision-1': 'return',
      'decision-2': 'return',
    });
    expect(late.statusCode).toBe(409);
    expect(pageState(late.body)).toBe('answered');
    expect((await viewOf(trade.links.page)).lines.map((line) => line.decision)).toEqual([
      'accept',
      'accept',
    ]);
  });

  it('sends one device back and pays the other', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    const response = await shop.postForm(host, trade.links.page, {
      'decision-1': 'accept',
      'decision-2': 'return',
    });
    expect(response.statusCode).toBe(200);
    expect(pageState(response.body)).toBe('confirmed');
    const main = mainOf(response.body);
    expect(main).toContain(formatMoney('de', trade.revised[0] ?? 0));
    expect(main).toContain('data-returned="1"');
    expect(main).toContain('data-decision="return"');
    const view = await viewOf(trade.links.page);
    expect(view.lines.map((line) => line.decision)).toEqual(['accept', 'return']);
    expect(view.revisedTotalCents).toBe(trade.revised[0]);
  });

  it('shows an upward correction as good news with nothing to decide', async () => {
    // The seller answered the worst condition; we found the best and pay more.
    const {
      links,
      revised: [raised = 0],
    } = await bench.phoneRevisedUp();
    const response = await shop.get(host, links.page);
    expect(response.statusCode).toBe(200);
    expect(pageState(response.body)).toBe('info');
    const main = mainOf(response.body);
    expect(main).not.toContain('type="radio"');
    expect(main).not.toContain('<form');
    expect(main).toContain('data-direction="up"');
    expect(main).toContain(formatMoney('de', raised));
    expect(links.quickAnswers).toEqual([]);
  });
});

describe('the quick answer', () => {
  it('asks first, accepts the named offer with one post, and is spent afterwards', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    expect(trade.links.quickAnswers).toHaveLength(2);
    const [first = '', second = ''] = trade.links.quickAnswers;
    const question = await shop.get(host, first);
    expect(question.statusCode).toBe(200);
    expect(pageState(question.body)).toBe('quick');
    expect(question.headers['referrer-policy']).toBe('same-origin');
    const main = mainOf(question.body);
    expect(main).toContain(bench.phone.name);
    expect(main).toContain(formatMoney('de', trade.revised[0] ?? 0));
    expect(main.match(/type="submit"/g)).toHaveLength(1);
    // Opening the link (as a mail program checking it does) accepted nothing.
    expect((await viewOf(trade.links.page)).lines[0]?.decision).toBeNull();

    const posted = await shop.postForm(host, first, {});
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`${first}?accepted=1`);
    const confirmation = await shop.get(host, `${first}?accepted=1`);
    expect(confirmation.statusCode).toBe(200);
    expect(pageState(confirmation.body)).toBe('quick-confirmed');
    // The tablet still waits: the confirmation leads to the whole page.
    expect(mainOf(confirmation.body)).toContain(`href="${trade.links.page}"`);
    const view = await viewOf(trade.links.page);
    expect(view.lines.map((line) => line.decision)).toEqual(['accept', null]);
    expect(view.state).toBe('open');

    // The spent link answers the expired-link page, opened or posted.
    expectExpiredLinkPage(await shop.get(host, first));
    expectExpiredLinkPage(await shop.postForm(host, first, {}));

    // The other device's quick answer closes the clarification.
    expect((await shop.postForm(host, second, {})).statusCode).toBe(303);
    const last = await shop.get(host, `${second}?accepted=1`);
    expect(pageState(last.body)).toBe('quick-confirmed');
    expect(mainOf(last.body)).toContain(
      formatMoney('de', (trade.revised[0] ?? 0) + (trade.revised[1] ?? 0)),
    );
    expect((await viewOf(trade.links.page)).state).toBe('answered');
  });
});

describe('links that cannot be used', () => {
  it('answers the expired-link page for an expired link', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    await bench.operator.expireLinks(trade.tradeNumber);
    const api = `/api/trade/clarifications/${trade.links.link}/${trade.tradeNumber}`;
    expect((await shop.api('GET', api)).status).toBe(404);
    expectExpiredLinkPage(await shop.get(host, trade.links.page));
    expectExpiredLinkPage(await shop.get(host, trade.links.quickAnswers[0] ?? ''));
    expectExpiredLinkPage(
      await shop.postForm(host, trade.links.page, {
        'decision-1': 'accept',
        'decision-2': 'accept',
      }),
    );
  });

  it('answers the expired-link page for a tampered link or another trade', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    const { link } = trade.links;
    const flipped = `${link.slice(0, 10)}${link[10] === 'A' ? 'B' : 'A'}${link.slice(11)}`;
    const other = trade.tradeNumber.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    for (const path of [
      `/clarification/${flipped}/${trade.tradeNumber}`,
      `/clarification/${link}/${other}`,
      `/clarificationQuickAnswer/${flipped}/${trade.tradeNumber}/${trade.links.quickAnswers[0]?.split('/').at(-1) ?? ''}`,
      `/clarificationQuickAnswer/${link}/${trade.tradeNumber}/00000000-0000-4000-8000-000000000000`,
    ]) {
      expectExpiredLinkPage(await shop.get(host, path));
      expectExpiredLinkPage(await shop.postForm(host, path, { 'decision-1': 'accept' }));
    }
    expect((await viewOf(trade.links.page)).state).toBe('open');
  });

  it('moves the old forms to the new pages for good, parameters and query kept', async () => {
    const trade = await bench.twoDevicesRevisedDown();
    const { link } = trade.links;
    const offerId = trade.links.quickAnswers[0]?.split('/').at(-1) ?? '';
    const old = await shop.get(
      host,
      `/browser/clarification/id/${link}/trade/${trade.tradeNumber}?utm_source=mail`,
    );
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${trade.links.page}?utm_source=mail`);
    const oldQuick = await shop.get(
      host,
      `/browser/clarificationQuickAnswer/id/${link}/trade/${trade.tradeNumber}/offerid/${offerId}`,
    );
    expect(oldQuick.statusCode).toBe(301);
    expect(oldQuick.headers.location).toBe(trade.links.quickAnswers[0]);
    expectExpiredLinkPage(
      await shop.get(host, `/browser/clarification/id/not-a-link/trade/${trade.tradeNumber}`),
    );
  });

  it('answers 404 for any id, trade and offer id, never an error', async () => {
    // Segments as a mail program or a prober might send them: printable text, unicode,
    // look-alikes of the real formats; encoded as a browser does.
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 60 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.stringMatching(/^T-[0-9]{4}-[0-9]{6,10}$/),
      fc.uuid(),
    );
    const path = fc.oneof(
      fc.tuple(segment, segment).map(([id, trade]) => ['clarification', id, trade]),
      fc
        .tuple(segment, segment, segment)
        .map(([id, trade, offer]) => ['clarificationQuickAnswer', id, trade, offer]),
      fc
        .tuple(segment, segment)
        .map(([id, trade]) => ['browser', 'clarification', 'id', id, 'trade', trade]),
      fc
        .tuple(segment, segment, segment)
        .map(([id, trade, offer]) => [
          'browser',
          'clarificationQuickAnswer',
          'id',
          id,
          'trade',
          trade,
          'offerid',
          offer,
        ]),
    );
    const newPagePath =
      /^\/clarification(?:\/[^/]+){2}$|^\/clarificationQuickAnswer(?:\/[^/]+){3}$/;
    await fc.assert(
      fc.asyncProperty(path, fc.boolean(), async (segments, post) => {
        // Dot segments would be resolved away by the client before they reach us.
        fc.pre(segments.every((part) => part !== '.' && part !== '..'));
        const url = `/${segments.map((part) => encodeURIComponent(part)).join('/')}`;
        const first = post
          ? await shop.postForm(host, url, { 'decision-1': 'accept' })
          : await shop.get(host, url);
        // An old form with parameters of the right shape moves to the new page first.
        const movedTo =
          segments[0] === 'browser' && first.statusCode === 301
            ? String(first.headers.location)
            : undefined;
        const response = movedTo === undefined ? first : await shop.get(host, movedTo);
        expect({
          url,
          status: response.statusCode,
          movedToNewPage: movedTo === undefined || newPagePath.test(movedTo),
        }).toEqual({ url, status: 404, movedToNewPage: true });
        expect(response.body).toContain('data-page-type="404"');
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
