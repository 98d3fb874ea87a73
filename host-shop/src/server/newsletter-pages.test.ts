import * as fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailsTo } from '@tradein/trade-api/test-kit';
import { honeypotFieldName } from '../app/components/honeypot-field.tsx';
import { mainOf, useTestShop } from './test-shop.ts';

/*
 * The newsletter pages of §2 on the built shop with the trade API behind it: subscribe, open the
 * opt-in link, confirm, enrich, unsubscribe; links that cannot be used; the German redirect of
 * old unsubscribe links; and shops that have no newsletter.
 */

const host = 'de.localhost';

const shop = useTestShop();
afterEach(() => {
  vi.useRealTimers();
});

/** Posts a form as a browser without JavaScript does; a field may repeat (check boxes). */
function post(path: string, fields: [string, string][], onHost = host) {
  return shop.inject({
    method: 'POST',
    url: path,
    headers: {
      host: onHost,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${onHost}`,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Subscribes through the trade API, as the footer's form and the checkout do. */
async function subscribe(email: string, edition = 'de') {
  const answer = await shop.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, edition, source: 'footer' }),
  });
  expect(answer.statusCode).toBe(200);
}

/** The link of the latest opt-in mail to an address, split into its parts. */
async function optInLink(email: string) {
  const mails = (await mailsTo(shop.outbox, email)).filter(
    (mail) => mail.kind === 'newsletter-opt-in',
  );
  const text = mails.at(-1)?.text ?? '';
  const match = /\/newsletter\/enrich\/([0-9a-f]{64})\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new Error(`no opt-in link to ${email} in: ${text}`);
  }
  return { hash: match[1], token: match[2], path: match[0] };
}

/** The subscription as the trade API keeps it. */
async function subscription(hash: string) {
  const answer = await shop.inject({
    method: 'GET',
    url: `/api/newsletter/subscription?emailHash=${hash}`,
    headers: { host },
  });
  return answer.json<{ status: string; firstName: string | null; interests: string[] }>();
}

/** A subscription confirmed through the pages, with its hash. */
async function activeSubscription(email: string): Promise<string> {
  await subscribe(email);
  const link = await optInLink(email);
  const confirmed = await post(link.path, [
    ['intent', 'confirm'],
    ['token', link.token],
  ]);
  expect(confirmed.statusCode).toBe(200);
  return link.hash;
}

/** What the clear page of a link that cannot be used says it is, or undefined. */
function linkProblem(body: string): string | undefined {
  return /data-link-problem="([a-zA-Z]+)"/.exec(body)?.[1];
}

/** Whether a path segment's percent-encoding is sound. */
function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function robots(body: string): string | undefined {
  return /<meta name="robots" content="([^"]+)"/.exec(body)?.[1];
}

/** The input of a form field by name, as the page renders it. */
function input(body: string, name: string, value?: string): string {
  const inputs = [...body.matchAll(/<input[^>]*>/g)].map((match) => match[0]);
  return (
    inputs.find(
      (tag) =>
        tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)),
    ) ?? ''
  );
}

describe('the sign-up form', () => {
  it('answers a filled honeypot exactly like a sign-up, and stores and mails nothing', async () => {
    const person = 'signup.person@example.org';
    const bot = 'signup.bot@example.org';
    const signedUp = await post('/newsletter/signup', [['email', person]]);
    expect(signedUp.statusCode).toBe(200);
    await optInLink(person);
    const calls = shop.apiCalls().length;
    const trapped = await post('/newsletter/signup', [
      ['email', bot],
      [honeypotFieldName, 'https://spam.example'],
    ]);
    expect(trapped.statusCode).toBe(200);
    expect(mainOf(trapped.body)).toBe(mainOf(signedUp.body));
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(shop.outbox, bot)).toEqual([]);
  });
});

describe('the opt-in link and the enrich page', () => {
  it('confirms with the button, not by opening the link, then saves name and topics', async () => {
    const email = 'lena.newsletter@example.org';
    await subscribe(email);
    const link = await optInLink(email);

    // Opening the link (a mail program checking it does the same) only shows the button.
    const opened = await shop.get(host, link.path);
    expect(opened.statusCode).toBe(200);
    expect(robots(opened.body)).toBe('noindex');
    expect(input(opened.body, 'token', link.token)).not.toBe('');
    expect(input(opened.body, 'intent', 'confirm')).not.toBe('');
    await shop.get(host, link.path);
    expect((await subscription(link.hash)).status).toBe('pending');

    const confirmed = await post(link.path, [
      ['intent', 'confirm'],
      ['token', link.token],
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('data-notice="confirmed"');
    expect(input(confirmed.body, 'firstName')).not.toBe('');
    expect((await subscription(link.hash)).status).toBe('active');

    const saved = await post(link.path, [
      ['intent', 'enrich'],
      ['firstName', 'Lena'],
      ['salutation', 'ms'],
      ['interests', 'offers'],
      ['interests', 'tips'],
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('data-notice="saved"');
    expect(await subscription(link.hash)).toMatchObject({
      status: 'active',
      firstName: 'Lena',
      interests: ['offers', 'tips'],
    });

    // A later link without token (from a newsletter) shows the form with what is stored.
    const later = await shop.get(host, `/newsletter/enrich/${link.hash}`);
    expect(later.statusCode).toBe(200);
    expect(input(later.body, 'firstName')).toContain('value="Lena"');
    expect(input(later.body, 'interests', 'offers')).toContain('checked');
    expect(input(later.body, 'interests', 'news')).not.toContain('checked');
    expect(later.body).toContain(`href="/newsletter/unsubscribe/${link.hash}"`);

    // Unticking every topic clears them; an empty name keeps the stored one.
    await post(`/newsletter/enrich/${link.hash}`, [
      ['intent', 'enrich'],
      ['firstName', ''],
      ['salutation', ''],
    ]);
    expect(await subscription(link.hash)).toMatchObject({ firstName: 'Lena', interests: [] });
  });

  it('treats a second click on the used link as the confirmation it was', async () => {
    const email = 'twice.newsletter@example.org';
    await subscribe(email);
    const link = await optInLink(email);
    const fields: [string, string][] = [
      ['intent', 'confirm'],
      ['token', link.token],
    ];
    expect((await post(link.path, fields)).statusCode).toBe(200);
    const again = await post(link.path, fields);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-notice="alreadyConfirmed"');
    const reopened = await shop.get(host, link.path);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.body).toContain('data-notice="alreadyConfirmed"');
    expect(input(reopened.body, 'firstName')).not.toBe('');
  });

  it('refuses bad details beside the field and stores nothing', async () => {
    const hash = await activeSubscription('refused.newsletter@example.org');
    const path = `/newsletter/enrich/${hash}`;
    const badName = await post(path, [
      ['intent', 'enrich'],
      ['firstName', 'Lena 4 www.example.org'],
      ['interests', 'news'],
    ]);
    expect(badName.statusCode).toBe(400);
    expect(input(badName.body, 'firstName')).toContain('aria-invalid="true"');
    expect(input(badName.body, 'firstName')).toContain('value="Lena 4 www.example.org"');
    const madeUpTopic = await post(path, [
      ['intent', 'enrich'],
      ['interests', 'lottery'],
    ]);
    expect(madeUpTopic.statusCode).toBe(400);
    expect(madeUpTopic.body).toContain('class="field-error"');
    expect(await subscription(hash)).toMatchObject({ firstName: null, interests: [] });
  });

  it('tells a pending subscription without token to confirm first', async () => {
    const email = 'pending.newsletter@example.org';
    await subscribe(email);
    const { hash } = await optInLink(email);
    const page = await shop.get(host, `/newsletter/enrich/${hash}`);
    expect(page.statusCode).toBe(200);
    expect(linkProblem(page.body)).toBe('notConfirmed');
    expect(page.body).toContain('action="/newsletter/signup"');
  });
});

describe('links that cannot be used', () => {
  const unknownHash = 'ab'.repeat(32);

  it.each([
    ['a malformed hash', '/newsletter/enrich/not-a-hash'],
    ['an upper-case hash', `/newsletter/enrich/${unknownHash.toUpperCase()}`],
    ['a hash of the old shop', '/newsletter/enrich/5d41402abc4b2a76b9719d911017c592'],
    ['an unknown hash', `/newsletter/enrich/${unknownHash}`],
    ['an unknown hash with a token', `/newsletter/enrich/${unknownHash}?token=${'x'.repeat(43)}`],
    ['a malformed unsubscribe hash', '/newsletter/unsubscribe/0a1b2c'],
    ['an unknown unsubscribe hash', `/newsletter/unsubscribe/${unknownHash}`],
    ['an encoded slash', '/newsletter/enrich/ab%2Fcd'],
    ['an encoded slash to unsubscribe', `/newsletter/unsubscribe/%2F${unknownHash}`],
  ])('%s is the clear 404 page of the link', async (_case, path) => {
    const page = await shop.get(host, path);
    expect(page.statusCode).toBe(404);
    expect(linkProblem(page.body)).toBe('unknown');
    // What to do: write to us, or subscribe again.
    expect(page.body).toContain('href="/kontakt"');
    expect(page.body).toContain('action="/newsletter/signup"');
    expect(robots(page.body)).toBe('noindex');
    expect(page.body).not.toContain('data-page-type="404"');
  });

  it('answers posts to an unknown hash with the same page', async () => {
    const enrich = await post(`/newsletter/enrich/${unknownHash}`, [
      ['intent', 'enrich'],
      ['firstName', 'Lena'],
    ]);
    expect(enrich.statusCode).toBe(404);
    expect(linkProblem(enrich.body)).toBe('unknown');
    const confirm = await post(`/newsletter/enrich/${unknownHash}`, [
      ['intent', 'confirm'],
      ['token', 'y'.repeat(43)],
    ]);
    expect(confirm.statusCode).toBe(404);
    expect(linkProblem(confirm.body)).toBe('unknown');
    const unsubscribe = await post('/newsletter/unsubscribe/not-a-hash', []);
    expect(unsubscribe.statusCode).toBe(404);
    expect(linkProblem(unsubscribe.body)).toBe('unknown');
    const unknownUnsubscribe = await post(`/newsletter/unsubscribe/${unknownHash}`, []);
    expect(unknownUnsubscribe.statusCode).toBe(404);
    expect(linkProblem(unknownUnsubscribe.body)).toBe('unknown');
  });

  it('refuses a wrong or malformed token and keeps the subscription pending', async () => {
    const email = 'token.newsletter@example.org';
    await subscribe(email);
    const { hash } = await optInLink(email);
    const path = `/newsletter/enrich/${hash}`;
    const wrong = await post(`${path}?token=${'w'.repeat(43)}`, [
      ['intent', 'confirm'],
      ['token', 'w'.repeat(43)],
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(linkProblem(wrong.body)).toBe('invalidToken');
    const malformed = await shop.get(host, `${path}?token=too-short`);
    expect(malformed.statusCode).toBe(404);
    expect(linkProblem(malformed.body)).toBe('invalidToken');
    const malformedPost = await post(path, [
      ['intent', 'confirm'],
      ['token', 'not a token!'],
    ]);
    expect(malformedPost.statusCode).toBe(400);
    expect(linkProblem(malformedPost.body)).toBe('invalidToken');
    expect((await subscription(hash)).status).toBe('pending');
  });

  it('says an expired link is expired and offers to subscribe again', async () => {
    const email = 'late.newsletter@example.org';
    await subscribe(email);
    const link = await optInLink(email);
    // Eight days later: the link was valid for seven.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 3600 * 1000 });
    const late = await post(link.path, [
      ['intent', 'confirm'],
      ['token', link.token],
    ]);
    expect(late.statusCode).toBe(400);
    expect(linkProblem(late.body)).toBe('expired');
    expect(late.body).toContain('action="/newsletter/signup"');
    expect((await subscription(link.hash)).status).toBe('pending');
  });

  it('never answers a random hash with more than the clear 404 page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
          fc.stringMatching(/^[0-9a-f]{64}$/),
          fc.stringMatching(/^[0-9A-Fa-f]{1,100}$/),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
          // Sent as typed, broken percent-encoding ("%zz", "%E0%A4") included.
          fc.stringMatching(/^[A-Za-z0-9%._~-]{1,60}$/),
        ),
        fc.constantFrom('enrich', 'unsubscribe'),
        async (segment, page) => {
          // "success" is the unsubscribe page's own sibling; "." and ".." are no path segment.
          fc.pre(!['success', '.', '..'].includes(segment));
          const path = `/newsletter/${page}/${segment}`;
          // The server refuses an address it cannot decode (400) before any page sees it.
          const expected = decodes(segment)
            ? { path, status: 404, problem: 'unknown' }
            : { path, status: 400, problem: undefined };
          const answer = await shop.get(host, path);
          expect({ path, status: answer.statusCode, problem: linkProblem(answer.body) }).toEqual(
            expected,
          );
          const posted = await post(path, [['intent', 'enrich']]);
          expect({ path, status: posted.statusCode, problem: linkProblem(posted.body) }).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('never answers a random token with an error', async () => {
    const email = 'random-token.newsletter@example.org';
    await subscribe(email);
    const { hash } = await optInLink(email);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 200 }), fc.stringMatching(/^[A-Za-z0-9_-]{20,128}$/)),
        async (token) => {
          const path = `/newsletter/enrich/${hash}?token=${encodeURIComponent(token)}`;
          const opened = await shop.get(host, path);
          // A token of the right form may be the one: the button; any other is a broken link.
          const wellFormed = /^[A-Za-z0-9_-]{20,128}$/.test(token);
          expect({
            status: opened.statusCode,
            shows:
              input(opened.body, 'intent', 'confirm') === '' ? linkProblem(opened.body) : 'button',
          }).toEqual(
            wellFormed ? { status: 200, shows: 'button' } : { status: 404, shows: 'invalidToken' },
          );
          const posted = await post(path, [
            ['intent', 'confirm'],
            ['token', token],
          ]);
          expect(posted.statusCode).toBe(400);
          expect(linkProblem(posted.body)).toBe('invalidToken');
        },
      ),
      { numRuns: 40 },
    );
    expect((await subscription(hash)).status).toBe('pending');
  }, 60_000);
});

describe('unsubscribing', () => {
  it('asks first, ends the subscription with the button and shows the success page', async () => {
    const hash = await activeSubscription('leaving.newsletter@example.org');
    await post(`/newsletter/enrich/${hash}`, [
      ['intent', 'enrich'],
      ['firstName', 'Mara'],
      ['interests', 'news'],
    ]);
    const path = `/newsletter/unsubscribe/${hash}`;
    const asked = await shop.get(host, path);
    expect(asked.statusCode).toBe(200);
    expect(robots(asked.body)).toBe('noindex');
    expect(asked.body).toMatch(new RegExp(`<form [^>]*action="${path}" method="post"`));
    expect((await subscription(hash)).status).toBe('active');

    const done = await post(path, []);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/newsletter/unsubscribe/success');
    expect(await subscription(hash)).toMatchObject({
      status: 'unsubscribed',
      firstName: null,
      interests: [],
    });

    const success = await shop.get(host, '/newsletter/unsubscribe/success');
    expect(success.statusCode).toBe(200);
    expect(robots(success.body)).toBe('noindex');
    expect(success.body).toContain('data-notice="unsubscribed"');
    expect(success.body).toContain('action="/newsletter/signup"');

    // The link keeps answering, and the enrich link tells the subscription has ended.
    const again = await shop.get(host, path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-notice="alreadyUnsubscribed"');
    const enrich = await shop.get(host, `/newsletter/enrich/${hash}`);
    expect(enrich.statusCode).toBe(200);
    expect(linkProblem(enrich.body)).toBe('ended');
    const late = await post(`/newsletter/enrich/${hash}`, [
      ['intent', 'enrich'],
      ['firstName', 'Mara'],
    ]);
    expect(late.statusCode).toBe(409);
    expect(linkProblem(late.body)).toBe('ended');
  });

  it('cancels a pending subscription, so its opt-in link no longer confirms', async () => {
    const email = 'cancel.newsletter@example.org';
    await subscribe(email);
    const link = await optInLink(email);
    expect((await post(`/newsletter/unsubscribe/${link.hash}`, [])).statusCode).toBe(303);
    const confirm = await post(link.path, [
      ['intent', 'confirm'],
      ['token', link.token],
    ]);
    expect(confirm.statusCode).toBe(400);
    expect(linkProblem(confirm.body)).toBe('ended');
  });
});

describe('the German redirect of old unsubscribe links', () => {
  it('moves a link with a hexadecimal hash to the unsubscribe page', async () => {
    const hash = await activeSubscription('old-link.newsletter@example.org');
    const moved = await shop.get(host, `/browser/newsletter/unsubscribe/hash/${hash}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/newsletter/unsubscribe/${hash}`);
    expect((await shop.get(host, `/newsletter/unsubscribe/${hash}`)).statusCode).toBe(200);
  });

  it("lands an old shop's shorter hash on the clear page of the link", async () => {
    const old = '5d41402abc4b2a76b9719d911017c592';
    const moved = await shop.get(host, `/browser/newsletter/unsubscribe/hash/${old}`);
    expect(moved.headers.location).toBe(`/newsletter/unsubscribe/${old}`);
    const landed = await shop.get(host, `/newsletter/unsubscribe/${old}`);
    expect(landed.statusCode).toBe(404);
    expect(linkProblem(landed.body)).toBe('unknown');
  });

  it('is a rule of the German shop only, for hexadecimal hashes only', async () => {
    const hash = 'ab'.repeat(32);
    expect(
      (await shop.get('at.localhost', `/browser/newsletter/unsubscribe/hash/${hash}`)).statusCode,
    ).toBe(404);
    expect((await shop.get(host, '/browser/newsletter/unsubscribe/hash/not-hex')).statusCode).toBe(
      404,
    );
  });
});

describe('a shop without newsletter', () => {
  // The B2B portal offers no newsletter (no sign-up in its footer): its paths do not exist.
  const b2b = 'b2b.localhost';
  const hash = 'ab'.repeat(32);

  it.each([
    '/newsletter/enrich',
    `/newsletter/enrich/${hash}`,
    `/newsletter/unsubscribe/${hash}`,
    '/newsletter/unsubscribe/success',
  ])('answers %s with the 404 page', async (path) => {
    const page = await shop.get(b2b, path);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('data-page-type="404"');
    expect(linkProblem(page.body)).toBeUndefined();
  });

  it('takes no confirmation, details or unsubscription', async () => {
    for (const path of [`/newsletter/enrich/${hash}`, `/newsletter/unsubscribe/${hash}`]) {
      const posted = await post(path, [['intent', 'enrich']], b2b);
      expect({ path, status: posted.statusCode }).toEqual({ path, status: 404 });
    }
  });

  it('serves the pages in every edition that has one', async () => {
    for (const edition of ['at', 'es', 'fr', 'it']) {
      const page = await shop.get(`${edition}.localhost`, '/newsletter/unsubscribe/success');
      expect({ edition, status: page.statusCode }).toEqual({ edition, status: 200 });
    }
  });
});
