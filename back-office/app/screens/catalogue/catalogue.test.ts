import type { StaffRole } from '@tradein/contract';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBackOffice, type OfficeAnswer } from '../../../test-kit/back-office-kit.ts';

/*
 * The catalogue screens as a browser without JavaScript uses them, through the built server:
 * finding devices by the URL, a price change and its history, the confirmation of a large move,
 * an adjustment's preview and apply, a change made meanwhile, the CSV's export and import,
 * retiring a device, CSRF and roles.
 */

const office = useBackOffice();

/** A multipart form post, as a browser sends a form with a file. */
function postMultipart(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: string },
): Promise<OfficeAnswer> {
  const multipart = new FormData();
  for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
  if (file !== undefined) {
    multipart.append('file', new File([file.content], file.name, { type: file.type }));
  }
  return office.request('POST', path, { cookie, multipart });
}

/** The device ids a list page links to, in order. */
function deviceIdsOn(page: string): number[] {
  return [...page.matchAll(/href="\/catalogue\/devices\/([0-9]+)"/g)].map((match) =>
    Number(match[1]),
  );
}

/** The euros a device page's price field of `edition` shows. */
function priceFieldOn(page: string, field: 'base' | 'recycling', edition: string): number {
  const input = new RegExp(`<input[^>]*id="${field}-${edition}"[^>]*>`).exec(page)?.[0] ?? '';
  return Number(/value="([0-9.]*)"/.exec(input)?.[1] ?? 'NaN');
}

/** The hidden `basedOnRevision` of the first form that carries one. */
function revisionOn(page: string): string {
  return /name="basedOnRevision" value="([0-9]+)"/.exec(page)?.[1] ?? '';
}

describe('catalogue and prices', () => {
  let pricing: Awaited<ReturnType<typeof office.staff>>;
  let iphones: number[];
  /** Posts a form as the pricing member, as a browser without JavaScript does. */
  const submit = (path: string, form: Record<string, string>) =>
    office.request('POST', path, { cookie: pricing.cookie, form });
  /** Posts a form that is refused (400), the refusal beside `field`. */
  async function expectRefusedBeside(
    path: string,
    form: Record<string, string>,
    field: string,
  ): Promise<OfficeAnswer> {
    const answer = await submit(path, form);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(`id="${field}-error"`);
    return answer;
  }

  beforeAll(async () => {
    pricing = await office.staff('paula@example.com', ['pricing']);
    const list = await office.request('GET', '/catalogue?q=iPhone+13&edition=de', {
      cookie: pricing.cookie,
    });
    iphones = deviceIdsOn(list.text);
  });

  it('is for the role pricing only: others get the 403 page, visitors the sign-in', async () => {
    for (const [index, role] of (['admin', 'inspector', 'payouts'] as StaffRole[]).entries()) {
      const other = await office.staff(`other${index}@example.com`, [role]);
      for (const path of ['/catalogue', '/catalogue/adjust', '/catalogue/prices.csv']) {
        const answer = await office.request('GET', path, { cookie: other.cookie });
        expect(answer.status, `${role} ${path}`).toBe(403);
      }
      const post = await office.request('POST', '/catalogue/adjust', {
        cookie: other.cookie,
        form: {
          csrf: other.csrfToken,
          intent: 'preview',
          edition: 'de',
          scope: 'series',
          name: 'iPhone 13',
          percent: '1',
        },
      });
      expect(post.status, `${role} POST`).toBe(403);
      const home = await office.request('GET', '/', { cookie: other.cookie });
      expect(home.text).not.toContain('href="/catalogue"');
    }
    const anonymous = await office.request('GET', '/catalogue?q=iPhone');
    expect(anonymous.status).toBe(302);
    expect(String(anonymous.headers['location'])).toBe('/sign-in?next=%2Fcatalogue%3Fq%3DiPhone');
    const home = await office.request('GET', '/', { cookie: pricing.cookie });
    expect(home.text).toContain('href="/catalogue"');
  });

  it('finds devices by the URL: name, edition, sort and page', async () => {
    expect(iphones.length).toBeGreaterThan(0);
    const list = await office.request(
      'GET',
      '/catalogue?q=iPhone+13&edition=fr&sort=price&direction=desc',
      {
        cookie: pricing.cookie,
      },
    );
    expect(list.status).toBe(200);
    expect(list.text).toContain('iPhone 13');
    expect(list.text).toMatch(/[0-9]+ devices found, page 1 of [0-9]+/);
    expect(list.text).toContain('prices in FR');
    expect(list.text).toContain('aria-sort="descending"');
    const nothing = await office.request('GET', '/catalogue?q=zzzz-no-such-device', {
      cookie: pricing.cookie,
    });
    expect(nothing.text).toContain('No device matches');
    const second = await office.request('GET', '/catalogue?page=2', { cookie: pricing.cookie });
    expect(second.text).toContain('page 2 of');
    expect(second.text).toContain('rel="prev"');
    for (const path of [
      '/catalogue/devices/abc',
      '/catalogue/devices/999999999',
      '/catalogue/prices.csv?edition=xx',
    ]) {
      const answer = await office.request('GET', path, { cookie: pricing.cookie });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    const bad = await office.request('GET', '/catalogue?page=abc&manufacturer=Not%20A%20Key', {
      cookie: pricing.cookie,
    });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('A manufacturer key has lower-case letters');
    expect(bad.text).toContain('not valid');
  });

  it('changes a price: the history names who; a move of more than half asks first; CSRF is needed', async () => {
    const id = iphones[0];
    const path = `/catalogue/devices/${id}`;
    const page = await office.request('GET', path, { cookie: pricing.cookie });
    expect(page.status).toBe(200);
    const base = priceFieldOn(page.text, 'base', 'de');
    const recycling = priceFieldOn(page.text, 'recycling', 'de');
    expect(base).toBeGreaterThan(0);
    const newBase = (Math.round(base * 110) / 100).toFixed(2);
    const form = {
      intent: 'price',
      edition: 'de',
      base: newBase,
      recycling: recycling.toFixed(2),
      basedOnRevision: revisionOn(page.text),
    };

    const withoutToken = await submit(path, form);
    expect(withoutToken.status).toBe(403);
    const unchanged = await office.request('GET', path, { cookie: pricing.cookie });
    expect(priceFieldOn(unchanged.text, 'base', 'de')).toBe(base);

    const saved = await submit(path, { ...form, csrf: pricing.csrfToken });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('The prices in DE are saved.');
    expect(priceFieldOn(saved.text, 'base', 'de')).toBe(Number(newBase));
    expect(saved.text).toContain('paula@example.com');
    // The same form again (a double submit) changes nothing more.
    const again = await submit(path, {
      ...form,
      basedOnRevision: revisionOn(saved.text),
      csrf: pricing.csrfToken,
    });
    expect(again.text).toContain('were already these');

    const refused = await expectRefusedBeside(
      path,
      {
        ...form,
        base: 'twelve',
        recycling: '5',
        basedOnRevision: '',
        csrf: pricing.csrfToken,
      },
      'base-de',
    );
    expect(refused.text).toContain('aria-invalid="true"');
    const above = await submit(path, {
      ...form,
      base: '10',
      recycling: '20',
      basedOnRevision: '',
      csrf: pricing.csrfToken,
    });
    expect(above.text).toContain('id="recycling-de-error"');

    const tripled = (Number(newBase) * 3).toFixed(2);
    const asked = await submit(path, {
      ...form,
      base: tripled,
      basedOnRevision: '',
      csrf: pricing.csrfToken,
    });
    expect(asked.text).toContain('Move the price by more than half?');
    expect(priceFieldOn(asked.text, 'base', 'de')).toBe(Number(newBase));
    const confirmed = await submit(path, {
      ...form,
      base: tripled,
      force: 'true',
      basedOnRevision: '',
      csrf: pricing.csrfToken,
    });
    expect(confirmed.text).toContain('The prices in DE are saved.');
    expect(priceFieldOn(confirmed.text, 'base', 'de')).toBe(Number(tripled));

    // A page older than the newest revision is refused, and nothing is saved.
    const stale = await submit(path, {
      ...form,
      base: tripled,
      recycling: '1.00',
      force: 'true',
      basedOnRevision: revisionOn(page.text),
      csrf: pricing.csrfToken,
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('Someone changed the catalogue while this page was open');
    expect(priceFieldOn(stale.text, 'recycling', 'de')).toBe(recycling);
  });

  it('adjusts a series: preview, apply, and a change made meanwhile is said with a new preview', async () => {
    const form = {
      csrf: pricing.csrfToken,
      intent: 'preview',
      edition: 'at',
      scope: 'series',
      name: 'iPhone 13',
      percent: '-2',
    };
    const preview = await submit('/catalogue/adjust', form);
    expect(preview.status).toBe(200);
    expect(preview.text).toMatch(/[0-9]+ prices of [0-9]+ devices would change/);
    expect(preview.text).toContain('Largest moves');
    const revision = revisionOn(preview.text);
    expect(revision).not.toBe('');
    const applied = await submit('/catalogue/adjust', {
      ...form,
      intent: 'apply',
      basedOnRevision: revision,
    });
    expect(applied.text).toMatch(/[0-9]+ prices of [0-9]+ devices changed/);
    const meanwhile = await submit('/catalogue/adjust', {
      ...form,
      intent: 'apply',
      basedOnRevision: revision,
    });
    expect(meanwhile.text).toContain('Someone changed the catalogue after your preview');
    expect(meanwhile.text).toContain('would change');
    expect(Number(revisionOn(meanwhile.text))).toBeGreaterThan(Number(revision));

    await expectRefusedBeside('/catalogue/adjust', { ...form, percent: '60' }, 'percent');
    await expectRefusedBeside('/catalogue/adjust', { ...form, name: 'No Such Series' }, 'name');
    const noToken = await submit('/catalogue/adjust', { ...form, csrf: '' });
    expect(noToken.status).toBe(403);
  });

  it('exports the CSV as a download and imports one: a bad line is named, a good file previewed then applied', async () => {
    const exported = await office.request('GET', '/catalogue/prices.csv?edition=it', {
      cookie: pricing.cookie,
    });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="prices-it.csv"');
    const lines = exported.text.trim().split('\n');
    expect(lines[0]).toBe('deviceId,edition,name,basePriceCents,recyclingPriceCents');
    const id = iphones[1] ?? iphones[0];
    const line = lines.find((each) => each.startsWith(`${id},it,`)) ?? '';
    const fields = line.split(',');
    const base = Number(fields.at(-2));
    const recycling = Number(fields.at(-1));
    const prefix = fields.slice(0, -2).join(',');

    const badCsv = `${lines[0]}\n${prefix},abc,${recycling}\n`;
    const refused = await postMultipart(
      '/catalogue/prices',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'prices.csv', type: 'text/csv', content: badCsv },
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('nothing was changed');
    expect(refused.text).toMatch(/<th scope="row">2<\/th><td><code>basePriceCents<\/code>/);

    const newBase = base + 100;
    const goodCsv = `${lines[0]}\n${prefix},${newBase},${recycling}\n`;
    const preview = await postMultipart(
      '/catalogue/prices',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'prices.csv', type: 'text/csv', content: goodCsv },
    );
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('1 prices of 1 devices would change');
    const before = await office.request('GET', `/catalogue/devices/${id}`, {
      cookie: pricing.cookie,
    });
    expect(priceFieldOn(before.text, 'base', 'it')).toBe(base / 100);
    const applied = await submit('/catalogue/prices', {
      csrf: pricing.csrfToken,
      intent: 'apply',
      csvText: goodCsv,
      basedOnRevision: revisionOn(preview.text),
    });
    expect(applied.text).toContain('1 prices of 1 devices changed');
    const after = await office.request('GET', `/catalogue/devices/${id}`, {
      cookie: pricing.cookie,
    });
    expect(priceFieldOn(after.text, 'base', 'it')).toBe(newBase / 100);
    expect(after.text).toContain('prices import');

    const noFile = await postMultipart('/catalogue/prices', pricing.cookie, {
      csrf: pricing.csrfToken,
      intent: 'preview',
    });
    expect(noFile.status).toBe(400);
    expect(noFile.text).toContain('id="file-error"');
  });

  it('refuses a models file naming the entry, and a file that is not JSON beside the field', async () => {
    const refused = await postMultipart(
      '/catalogue/models',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'models.json', type: 'application/json', content: '[{"manufacturer": 5}]' },
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<code>[0]');
    const notJson = await postMultipart(
      '/catalogue/models',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'models.json', type: 'application/json', content: 'not json' },
    );
    expect(notJson.text).toContain('not a JSON array');
  });

  it('takes back its own whole export: the preview changes nothing', async () => {
    const exported = await office.request('GET', '/catalogue/prices.csv', {
      cookie: pricing.cookie,
    });
    expect(exported.headers['content-disposition']).toBe('attachment; filename="prices.csv"');
    const preview = await postMultipart(
      '/catalogue/prices',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'prices.csv', type: 'text/csv', content: exported.text },
    );
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('0 prices of 0 devices would change');
    expect(preview.text).not.toContain('Apply the import');
  });

  it('speaks German to a member who chose it', async () => {
    const member = await office.staff('greta@example.com', ['pricing']);
    await office.request('POST', '/account', {
      cookie: member.cookie,
      form: { csrf: member.csrfToken, locale: 'de', name: 'Greta' },
    });
    const list = await office.request('GET', '/catalogue?q=iPhone+13', { cookie: member.cookie });
    expect(list.text).toContain('Katalog und Preise');
    expect(list.text).toMatch(/[0-9]+ Geräte gefunden, Seite 1 von [0-9]+/);
  });

  it('answers any typed form without a server error and changes no price on a refusal', async () => {
    const id = iphones[2] ?? iphones[0];
    const path = `/catalogue/devices/${id}`;
    const before = await office.request('GET', path, { cookie: pricing.cookie });
    const base = priceFieldOn(before.text, 'base', 'es');
    const text = fc.string({ maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(text, text, text, async (q, amount, name) => {
        const list = await office.request(
          'GET',
          `/catalogue?q=${encodeURIComponent(q)}&page=${encodeURIComponent(amount)}`,
          { cookie: pricing.cookie },
        );
        expect(list.status).toBeLessThan(500);
        // Letters make any amount invalid: the price form refuses it beside its field.
        const price = await submit(path, {
          csrf: pricing.csrfToken,
          intent: 'price',
          edition: 'es',
          base: `x${amount}`,
          recycling: amount,
        });
        expect(price.status).toBe(400);
        const adjust = await submit('/catalogue/adjust', {
          csrf: pricing.csrfToken,
          intent: 'preview',
          edition: 'es',
          scope: 'series',
          name,
          percent: amount,
        });
        expect(adjust.status).toBeLessThan(500);
      }),
      { numRuns: 25 },
    );
    const after = await office.request('GET', path, { cookie: pricing.cookie });
    expect(priceFieldOn(after.text, 'base', 'es')).toBe(base);
  });

  it('adds models from a file: preview first, then applied with the previewed revision', async () => {
    const line = [
      {
        category: 'smartphones',
        manufacturer: 'Acme Mobile',
        series: [
          {
            name: 'Rocket',
            models: [
              { model: 'Rocket 5', released: '2025-03', launchEuros: 499, variants: '128|256' },
            ],
          },
        ],
      },
    ];
    const json = JSON.stringify(line);
    const preview = await postMultipart(
      '/catalogue/models',
      pricing.cookie,
      { csrf: pricing.csrfToken, intent: 'preview' },
      { name: 'models.json', type: 'application/json', content: json },
    );
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Preview: nothing is changed yet');
    expect(preview.text).toContain('Acme Mobile');
    const none = await office.request('GET', '/catalogue?q=Rocket+5', { cookie: pricing.cookie });
    expect(none.text).toContain('No device matches');
    const applied = await submit('/catalogue/models', {
      csrf: pricing.csrfToken,
      intent: 'apply',
      jsonText: json,
      basedOnRevision: revisionOn(preview.text),
    });
    expect(applied.status).toBe(200);
    expect(applied.text).toMatch(/Revision [0-9]+ is saved/);
    const found = await office.request('GET', '/catalogue?q=Rocket+5', { cookie: pricing.cookie });
    expect(deviceIdsOn(found.text)).toHaveLength(2);
  });

  it('lists the answer factors and sets one, refusing a factor out of range beside its field', async () => {
    const page = await office.request('GET', '/catalogue/factors?category=smartphones', {
      cookie: pricing.cookie,
    });
    expect(page.status).toBe(200);
    const row =
      /<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><td class="number">([0-9.]+)<\/td>/.exec(
        page.text,
      );
    expect(row).not.toBeNull();
    const [, question = '', answer = ''] = row ?? [];
    const form = { csrf: pricing.csrfToken, category: 'smartphones', question, answer };
    await expectRefusedBeside('/catalogue/factors', { ...form, factor: '1.5' }, 'factor');
    const set = await submit('/catalogue/factors', { ...form, factor: '0.42' });
    expect(set.status).toBe(200);
    expect(set.text).toContain(`smartphones · ${question} · ${answer}: from`);
    expect(set.text).toContain('to 0.42.');
    const unknown = await office.request('GET', '/catalogue/factors?category=no-such-category', {
      cookie: pricing.cookie,
    });
    expect(unknown.text).toContain('There is no such category.');
  });

  it('retires a device after a confirmation step; retired once, it says so', async () => {
    const id = iphones.at(-1);
    const path = `/catalogue/devices/${id}`;
    await expectRefusedBeside(
      path,
      { csrf: pricing.csrfToken, intent: 'retire-check', reason: '' },
      'reason',
    );
    const asked = await submit(path, {
      csrf: pricing.csrfToken,
      intent: 'retire-check',
      reason: 'End of life',
    });
    expect(asked.text).toContain('Yes, retire the device');
    expect(asked.text).toContain('Current: offered in the shop');
    const retired = await submit(path, {
      csrf: pricing.csrfToken,
      intent: 'retire',
      reason: 'End of life',
    });
    expect(retired.text).toContain('The device is retired');
    expect(retired.text).toContain('Retired since');
    const again = await submit(path, {
      csrf: pricing.csrfToken,
      intent: 'retire',
      reason: 'End of life',
    });
    expect(again.text).toContain('was retired already');
    const list = await office.request('GET', `/catalogue?q=iPhone+13&retired=true`, {
      cookie: pricing.cookie,
    });
    expect(deviceIdsOn(list.text)).toContain(id);
  });
});
