import { join } from 'node:path';
import * as fc from 'fast-check';
import { mailsTo, type TestStaffSession } from '@tradein/trade-api/test-kit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBackOffice, type OfficeAnswer } from '../../../test-kit/back-office-kit.ts';
import { useGuestSales, type GuestSale } from '../../../test-kit/guest-sale.ts';

/*
 * The inspection screen as a browser without JavaScript uses it, through the built server:
 * findings saved as answered and worse (the seller's clarification mail), the override's reason,
 * two inspectors on one device, bench photos, CSRF and roles.
 */

const office = useBackOffice();

/** The attributes of every `<input>` of a page. */
function inputsOf(page: string): Record<string, string>[] {
  return [...page.matchAll(/<input\b([^>]*)>/g)].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [
        name,
        value.replaceAll('&amp;', '&').replaceAll('&quot;', '"'),
      ]),
    ),
  );
}

/** The findings a page's radios hold checked: question code → answer code. */
function checkedFindings(page: string): Record<string, string> {
  const findings: Record<string, string> = {};
  for (const input of inputsOf(page)) {
    if (input['type'] === 'radio' && 'checked' in input && input['name']?.startsWith('finding.')) {
      findings[input['name']] = input['value'] ?? '';
    }
  }
  return findings;
}

/** The last answer of every question on the page (the worst), as form fields. */
function worstFindings(page: string): Record<string, string> {
  const findings: Record<string, string> = {};
  for (const input of inputsOf(page)) {
    if (input['type'] === 'radio' && input['name']?.startsWith('finding.')) {
      findings[input['name']] = input['value'] ?? '';
    }
  }
  return findings;
}

/** The line's version the page's form carries. */
function versionOf(page: string): string {
  return inputsOf(page).find((input) => input['name'] === 'version')?.['value'] ?? '';
}

/**
 * Posts a device's form as saved by `staff`: the page's version, `findings` (default: those
 * checked on the page) and `extra` fields.
 */
function saveFindings(
  path: string,
  staff: TestStaffSession,
  page: string,
  findings: Record<string, string> = checkedFindings(page),
  extra: Record<string, string> = {},
): Promise<OfficeAnswer> {
  return office.request('POST', path, {
    cookie: staff.cookie,
    form: {
      csrf: staff.csrfToken,
      intent: 'save',
      version: versionOf(page),
      ...findings,
      ...extra,
    },
  });
}

const selling = useGuestSales(office, 'inspection');

/**
 * A received trade of a fresh guest selling the phone and the tablet in the best condition;
 * `beforeShipping` runs as the seller before the parcel arrives.
 */
async function receivedTrade(beforeShipping?: (sale: GuestSale) => Promise<void>) {
  const sale = await selling.sale();
  await beforeShipping?.(sale);
  await office.ops('receive', sale.tradeNumber);
  return sale;
}

describe('the inspection of a device', () => {
  it('shows the seller answers preselected and saves them as answered', async () => {
    const inspector = await office.staff('ines@example.com', ['inspector']);
    const sale = await receivedTrade(async (sold) => {
      const photo = await sharp({
        create: { width: 30, height: 20, channels: 3, background: '#36c' },
      })
        .jpeg()
        .toBuffer();
      const added = await selling.api(
        'POST',
        `/api/trade/trades/${sold.tradeNumber}/items/1/photos`,
        {
          body: new Uint8Array(photo),
          token: sold.token,
          headers: { 'content-type': 'image/jpeg' },
        },
      );
      expect(added.status).toBeLessThan(300);
    });
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    expect(page.status).toBe(200);
    const sellerPhoto = new RegExp(
      `src="(/trades/${sale.tradeNumber}/devices/1/photos/seller/[^"]+)"[^>]*alt="Seller&#x27;s photo 1 of`,
    ).exec(page.text)?.[1];
    expect(sellerPhoto).toBeDefined();
    const bytes = await office.request('GET', sellerPhoto ?? '', { cookie: inspector.cookie });
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(page.text).toContain(selling.phone.name);
    for (const question of selling.phone.questions) expect(page.text).toContain(question.question);
    const findings = checkedFindings(page.text);
    expect(Object.keys(findings)).toHaveLength(selling.phone.questions.length);
    expect(page.text).toContain('Ctrl</kbd>+<kbd>Enter');
    expect(page.text).toContain('accept="image/*"');
    expect(page.text).toContain('capture="environment"');

    const saved = await saveFindings(path, inspector, page.text, findings);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Saved: inspected as answered.');
    expect(saved.text).toContain(`/trades/${sale.tradeNumber}/devices/2`);
    expect(await mailsTo(join(office.server.dataDir, 'outbox'), sale.email)).not.toContainEqual(
      expect.objectContaining({ kind: 'clarification' }),
    );

    // The same form again (a double submit) records nothing twice and says it is saved.
    const again = await saveFindings(path, inspector, page.text, findings);
    expect(again.status).toBe(200);
    expect(again.text).toContain('Saved: inspected as answered.');
  });

  it('opens the clarification when the findings are worse, and the seller gets the mail', async () => {
    const inspector = await office.staff('ivo@example.com', ['inspector']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    const saved = await saveFindings(path, inspector, page.text, worstFindings(page.text));
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('the clarification is open');
    expect(saved.text).toContain(`The seller (${sale.email}) got a mail with a link`);
    expect(saved.text).toContain('Clarification open: the seller decides on');
    const mails = (await mailsTo(join(office.server.dataDir, 'outbox'), sale.email)).filter(
      (mail) => mail.kind === 'clarification',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(sale.tradeNumber);
  });

  it('refuses an override without a reason beside the field, keeping what was typed', async () => {
    const inspector = await office.staff('isa@example.com', ['inspector']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/2`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    const form = {
      csrf: inspector.csrfToken,
      intent: 'save',
      version: versionOf(page.text),
      ...checkedFindings(page.text),
    };
    const refused = await office.request('POST', path, {
      cookie: inspector.cookie,
      form: { ...form, overridePrice: '99,50', overrideReason: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('An override needs a reason of 3 to 500 characters.');
    expect(refused.text).toMatch(/id="overrideReason"[^>]*aria-invalid="true"/);
    expect(refused.text).toContain('value="99,50"');
    const badPrice = await office.request('POST', path, {
      cookie: inspector.cookie,
      form: { ...form, overridePrice: 'ninety', overrideReason: 'Scratches on the back' },
    });
    expect(badPrice.status).toBe(400);
    expect(badPrice.text).toContain('Enter the price per piece in euros');

    const overridden = await office.request('POST', path, {
      cookie: inspector.cookie,
      form: { ...form, overridePrice: '1', overrideReason: 'Scratches on the back' },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.text).toContain('The price went down to');

    // Above the offer: the upward correction, nothing for the seller to decide.
    const raised = await office.request('POST', path, {
      cookie: inspector.cookie,
      form: {
        ...form,
        version: versionOf(overridden.text),
        overridePrice: '9999',
        overrideReason: 'Sealed, never used',
      },
    });
    expect(raised.status).toBe(200);
    expect(raised.text).toContain('Upward correction: the price rose to €9,999.00.');
    expect(raised.text).toContain('Corrected upwards to €9,999.00.');
  });

  it('tells the second of two inspectors, shows both findings and keeps the second one’s', async () => {
    const first = await office.staff('ina@example.com', ['inspector']);
    const second = await office.staff('ira@example.com', ['admin']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const firstPage = await office.request('GET', path, { cookie: first.cookie });
    const secondPage = await office.request('GET', path, { cookie: second.cookie });
    const version = versionOf(firstPage.text);
    expect(versionOf(secondPage.text)).toBe(version);

    const saved = await office.request('POST', path, {
      cookie: first.cookie,
      form: { csrf: first.csrfToken, intent: 'save', version, ...checkedFindings(firstPage.text) },
    });
    expect(saved.status).toBe(200);
    const worst = worstFindings(secondPage.text);
    const conflict = await office.request('POST', path, {
      cookie: second.cookie,
      form: { csrf: second.csrfToken, intent: 'save', version, ...worst },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain('Someone else saved this device meanwhile.');
    expect(conflict.text).toContain('Saved meanwhile');
    expect(checkedFindings(conflict.text)).toEqual(worst);
    const newVersion = versionOf(conflict.text);
    expect(newVersion).not.toBe(version);

    const onTop = await office.request('POST', path, {
      cookie: second.cookie,
      form: { csrf: second.csrfToken, intent: 'save', version: newVersion, ...worst },
    });
    expect(onTop.status).toBe(200);
    expect(onTop.text).toContain('the clarification is open');
  });

  it('adds a bench photo stored without its metadata, and refuses a file that is no image', async () => {
    const inspector = await office.staff('iko@example.com', ['inspector']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'BenchCam', Model: 'One' } })
      .toBuffer();
    const photos = new FormData();
    photos.set('csrf', inspector.csrfToken);
    photos.set('intent', 'photos');
    photos.append('photos', new File([new Uint8Array(jpeg)], 'bench.jpg', { type: 'image/jpeg' }));
    const added = await office.request('POST', path, {
      cookie: inspector.cookie,
      multipart: photos,
    });
    expect(added.status).toBe(200);
    expect(added.text).toContain('1 photo(s) added.');
    const source = new RegExp(
      `src="(/trades/${sale.tradeNumber}/devices/1/photos/inspection/[^"]+)"`,
    ).exec(added.text)?.[1];
    expect(source).toBeDefined();
    const photo = await office.request('GET', source ?? '', { cookie: inspector.cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.bytes).metadata()).exif).toBeUndefined();

    const text = new FormData();
    text.set('csrf', inspector.csrfToken);
    text.set('intent', 'photos');
    text.append('photos', new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
    const refused = await office.request('POST', path, {
      cookie: inspector.cookie,
      multipart: text,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('notes.txt is not a JPEG, PNG or WebP photo.');

    const withoutToken = new FormData();
    withoutToken.set('intent', 'photos');
    withoutToken.append(
      'photos',
      new File([new Uint8Array(jpeg)], 'b.jpg', { type: 'image/jpeg' }),
    );
    expect(
      (await office.request('POST', path, { cookie: inspector.cookie, multipart: withoutToken }))
        .status,
    ).toBe(403);
  });

  it('refuses a form without the CSRF token, other roles, and unknown devices', async () => {
    const inspector = await office.staff('iri@example.com', ['inspector']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    const withoutToken = await office.request('POST', path, {
      cookie: inspector.cookie,
      form: { intent: 'save', version: versionOf(page.text), ...checkedFindings(page.text) },
    });
    expect(withoutToken.status).toBe(403);
    const unchanged = await office.request('GET', path, { cookie: inspector.cookie });
    expect(versionOf(unchanged.text)).toBe(versionOf(page.text));

    for (const role of ['payouts', 'pricing'] as const) {
      const other = await office.staff(`${role}@example.com`, [role]);
      const refused = await office.request('GET', path, { cookie: other.cookie });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Your account does not have the role this page needs.');
      const posted = await office.request('POST', path, {
        cookie: other.cookie,
        form: { csrf: other.csrfToken, intent: 'save', version: versionOf(page.text) },
      });
      expect(posted.status).toBe(403);
    }
    expect(
      (
        await office.request('GET', `/trades/${sale.tradeNumber}/devices/9`, {
          cookie: inspector.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await office.request('GET', '/trades/nonsense/devices/1', { cookie: inspector.cookie }))
        .status,
    ).toBe(404);
    expect((await office.request('GET', path)).status).toBe(302);

    // A trade whose parcel has not arrived: said on the page, and a save changes nothing.
    const unsent = await selling.sale(['phone']);
    const early = `/trades/${unsent.tradeNumber}/devices/1`;
    const earlyPage = await office.request('GET', early, { cookie: inspector.cookie });
    expect(earlyPage.text).toContain(
      `Trade ${unsent.tradeNumber} has the status Created: devices are inspected`,
    );
    const earlySave = await saveFindings(early, inspector, earlyPage.text);
    expect(earlySave.status).toBe(409);
    expect(earlySave.text).toContain('Nothing was saved.');
  });

  it('answers any posted form without a 5xx and changes nothing when a finding is not one', async () => {
    const inspector = await office.staff('ilse@example.com', ['inspector']);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    const version = versionOf(page.text);
    const text = fc.string({ maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(text, text, { maxKeys: 4 }),
        fc.oneof(fc.constant(version), text),
        text,
        text,
        fc.constantFrom('save', 'photos', 'other', ''),
        async (findings, posted, overridePrice, overrideReason, intent) => {
          const answer = await office.request('POST', path, {
            cookie: inspector.cookie,
            form: {
              csrf: inspector.csrfToken,
              intent,
              version: posted,
              overridePrice,
              overrideReason,
              ...checkedFindings(page.text),
              ...Object.fromEntries(
                Object.entries(findings).map(([code, found]) => [`finding.${code}`, found]),
              ),
              'finding.NO_SUCH_QUESTION': 'YES',
            },
          });
          expect(answer.status).toBeLessThan(500);
          expect(answer.status).not.toBe(200);
        },
      ),
      { numRuns: 40 },
    );
    const after = await office.request('GET', path, { cookie: inspector.cookie });
    expect(versionOf(after.text)).toBe(version);
    expect(after.text).toContain('Not inspected yet');
  });

  it('speaks German to a member who chose it, money and refusals included', async () => {
    const inspector = await office.staff('inge@example.com', ['inspector']);
    const chosen = await office.request('POST', '/account', {
      cookie: inspector.cookie,
      form: { csrf: inspector.csrfToken, locale: 'de', name: 'Inge' },
    });
    expect(chosen.status).toBe(302);
    const sale = await receivedTrade();
    const path = `/trades/${sale.tradeNumber}/devices/1`;
    const page = await office.request('GET', path, { cookie: inspector.cookie });
    expect(page.text).toContain('Was die Prüfung ergab');
    expect(page.text).toContain('Antwort des Verkäufers');
    expect(page.text).toMatch(/\d+,\d\d\s€/);
    const refused = await saveFindings(path, inspector, page.text, undefined, {
      overridePrice: '50',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      'Ein abweichender Preis braucht einen Grund mit 3 bis 500 Zeichen.',
    );
    const list = await office.request('GET', '/clarifications', { cookie: inspector.cookie });
    expect(list.text).toContain('Klärungen');
  });
});
