import { describe, expect, it } from 'vitest';
import { readOutbox } from '@tradein/trade-api/test-kit';
import { honeypotFieldName } from '../app/components/honeypot-field.tsx';
import { mainOf, useTestShop } from './test-shop.ts';

const shop = useTestShop();

let senderNumber = 0;
/** The fields a visitor fills in, each time from a new address. */
function filledForm(overrides: Record<string, string> = {}): Record<string, string> {
  senderNumber += 1;
  return {
    subject: 'payout',
    name: 'Erika Mustermann',
    email: `erika${senderNumber}@example.org`,
    tradeNumber: '',
    message: 'Wann kommt mein Geld?',
    ...overrides,
  };
}

/** The opening tag of the form control named `name`. */
const control = (html: string, name: string) =>
  new RegExp(`<(?:input|select|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

const mailsFrom = async (email: string) =>
  (await readOutbox(shop.outbox)).filter((mail) => mail.replyTo === email);

describe('the contact page without JavaScript', () => {
  it("lists the edition's ten subjects in its language", async () => {
    const german = (await shop.get('de.localhost', '/kontakt')).body;
    const french = (await shop.get('fr.localhost', '/contact')).body;
    expect(german.match(/<option value="[a-zA-Z]+">/g)).toHaveLength(10);
    expect(german).toContain('<option value="payout">Auszahlung</option>');
    expect(french.match(/<option value="[a-zA-Z]+">/g)).toHaveLength(10);
    expect(french).not.toContain('Auszahlung');
  });

  it("sends the message to the edition's service team and confirms it", async () => {
    const form = filledForm({ tradeNumber: 'T-2026-000123' });
    const response = await shop.postForm('de.localhost', '/kontakt', form);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Vielen Dank, deine Nachricht ist unterwegs.');
    expect(control(response.body, 'message')).toBe('');

    const mails = await mailsFrom(form['email'] ?? '');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'service@tradein.de', kind: 'contact' });
    expect(mails[0]?.text).toContain('Verkaufsnummer: T-2026-000123');
    expect(mails[0]?.text).toContain('Wann kommt mein Geld?');
  });

  it('marks the wrong fields, keeps what was typed and sends nothing', async () => {
    const form = filledForm({
      name: ' ',
      tradeNumber: '12345',
      message: 'Mein Text <b>bleibt</b>',
    });
    const response = await shop.postForm('de.localhost', '/kontakt', form);
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('Bitte prüfe die markierten Felder.');
    expect(control(html, 'name')).toContain('aria-invalid="true"');
    expect(control(html, 'tradeNumber')).toContain('aria-invalid="true"');
    expect(control(html, 'email')).not.toContain('aria-invalid');
    expect(html).toContain('Bitte gib deinen Namen ein, nur mit Buchstaben');
    // What the visitor typed comes back as text, never as markup.
    expect(html).toContain('Mein Text &lt;b&gt;bleibt&lt;/b&gt;</textarea>');
    expect(html).toContain(`value="${form['email']}"`);
    expect(await mailsFrom(form['email'] ?? '')).toEqual([]);
  });

  it("refuses a subject of another edition's list", async () => {
    const form = filledForm({ subject: 'refund' });
    const response = await shop.postForm('it.localhost', '/contatti', form);
    expect(response.statusCode).toBe(400);
    expect(control(response.body, 'subject')).toContain('aria-invalid="true"');
    expect(await mailsFrom(form['email'] ?? '')).toEqual([]);
  });

  it('answers a filled honeypot exactly like a sent message, and sends nothing', async () => {
    const sent = await shop.postForm('de.localhost', '/kontakt', filledForm());
    const form = filledForm({ [honeypotFieldName]: 'https://spam.example' });
    const calls = shop.apiCalls().length;
    const trapped = await shop.postForm('de.localhost', '/kontakt', form);
    expect(trapped.statusCode).toBe(sent.statusCode);
    expect(mainOf(trapped.body)).toBe(mainOf(sent.body));
    expect(shop.apiCalls().slice(calls)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsFrom(form['email'] ?? '')).toEqual([]);
  });

  it.each([
    ['JSON', 'application/json', '{"subject":"payout"}'],
    ['a multipart body without its boundary', 'multipart/form-data', 'garbage'],
    ['a body that is no form', 'text/plain', 'hello'],
  ])('answers %s with the form and 400, never a server error', async (_case, type, payload) => {
    const response = await shop.inject({
      method: 'POST',
      url: '/kontakt',
      headers: {
        host: 'de.localhost',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
        'content-type': type,
        origin: 'http://de.localhost',
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Bitte prüfe die markierten Felder.');
  });

  it('tells a sender who wrote too often to wait, naming the service address', async () => {
    const form = filledForm();
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await shop.postForm('fr.localhost', '/contact', form)).statusCode).toBe(200);
    }
    const busy = await shop.postForm('fr.localhost', '/contact', form);
    expect(busy.statusCode).toBe(429);
    expect(busy.body).toContain('Vous venez d’envoyer plusieurs messages.');
    expect(busy.body).toContain('href="mailto:service@tradein.fr"');
    expect(await mailsFrom(form['email'] ?? '')).toHaveLength(3);
  });
});
