import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

let outboxDir: string;
beforeEach(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
});
afterEach(() => rm(outboxDir, { recursive: true, force: true }));

describe('createMailer without SMTP', () => {
  it('writes one .eml file per message with the edition sender and language', async () => {
    const mailer = createMailer({ smtpUrl: undefined, outboxDir });
    const sent = await mailer.send({
      kind: 'activation',
      edition: 'fr',
      to: 'client@example.org',
      subject: 'Activez votre compte',
      text: 'Bonjour',
      attachments: [
        { filename: 'label.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' },
      ],
    });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-activation-[0-9a-f-]{36}\.eml$/);
    expect(sent.file).toBe(join(outboxDir, files[0] ?? ''));
    const eml = await readFile(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^From: .*@tradein\.fr>?$/m);
    expect(eml).toContain('To: client@example.org');
    expect(eml).toContain('Subject: Activez votre compte');
    expect(eml).toContain('X-Tradein-Mail-Kind: activation');
    expect(eml).toContain('filename=label.pdf');
    // The footer comes from the catalog, in the edition's language.
    expect(eml).toMatch(/boutique de reprise/);
    mailer.close();
  });

  it('writes the German footer for the Austrian edition', async () => {
    const mailer = createMailer({ smtpUrl: undefined, outboxDir });
    await mailer.send({
      kind: 'password-reset',
      edition: 'at',
      to: 'a@example.org',
      subject: 'x',
      text: 'y',
    });
    const [file] = await readdir(outboxDir);
    const eml = await readFile(join(outboxDir, file ?? ''), 'utf8');
    expect(eml).toMatch(/Ankauf-Shop/);
    mailer.close();
  });

  it.each(['', '   '])('refuses a mail without a recipient (%j) and writes nothing', async (to) => {
    const mailer = createMailer({ smtpUrl: undefined, outboxDir });
    await expect(
      mailer.send({ kind: 'trade-confirmation', edition: 'de', to, subject: 'x', text: 'y' }),
    ).rejects.toThrow('A trade-confirmation mail needs a recipient');
    expect(await readdir(outboxDir)).toEqual([]);
    mailer.close();
  });
});
