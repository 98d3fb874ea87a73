import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEdition } from '@tradein/editions';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from './mailer.ts';

/** What the SMTP server accepted: envelope and raw bytes of each message. */
interface Received {
  from: string | undefined;
  to: string[];
  raw: Buffer;
}

let outboxDir: string;
let server: SMTPServer | undefined;
let mailer: Mailer | undefined;
let received: Received[];

/** Starts a plain SMTP server on a free loopback port and returns its `smtp://` URL. */
async function startSmtpServer(extra: Partial<SMTPServerOptions> = {}): Promise<string> {
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
    ...extra,
  });
  server = smtp;
  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = smtp.server.address() as AddressInfo;
  return `smtp://127.0.0.1:${port}`;
}

beforeEach(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
  received = [];
});

afterEach(async () => {
  mailer?.close();
  mailer = undefined;
  const smtp = server;
  server = undefined;
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(outboxDir, { recursive: true, force: true });
});

describe('createMailer over SMTP', () => {
  it('delivers one message with the edition sender, footer and attachment, and no outbox file', async () => {
    const smtpUrl = await startSmtpServer();
    mailer = createMailer({ smtpUrl, outboxDir });
    const pdf = Buffer.from(
      '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\n',
      'latin1',
    );

    const sent = await mailer.send({
      kind: 'trade-confirmation',
      edition: 'it',
      to: 'cliente@example.org',
      subject: 'Conferma della permuta',
      text: 'Grazie per la tua permuta.',
      attachments: [{ filename: 'etichetta.pdf', content: pdf, contentType: 'application/pdf' }],
    });

    expect(sent.file).toBeUndefined();
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(received).toHaveLength(1);
    const [delivered] = received;
    const contact = getEdition('it').contact;
    expect(delivered?.from).toBe(contact.fromAddress);
    expect(delivered?.to).toEqual(['cliente@example.org']);

    const parsed = await simpleParser(delivered?.raw ?? Buffer.alloc(0));
    expect(parsed.from?.value).toEqual([{ address: contact.fromAddress, name: contact.fromName }]);
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(to.flatMap((list) => list?.value.map((entry) => entry.address) ?? [])).toEqual([
      'cliente@example.org',
    ]);
    expect(parsed.subject).toBe('Conferma della permuta');
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.headers.get('x-tradein-mail-kind')).toBe('trade-confirmation');
    expect(parsed.text).toContain('Grazie per la tua permuta.');
    // The footer comes from the Italian catalog.
    expect(parsed.text).toContain(
      'Ricevi questo messaggio per la tua attività nel nostro negozio di permuta.',
    );
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe('etichetta.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.equals(pdf)).toBe(true);

    expect(await readdir(outboxDir)).toEqual([]);
  });

  it('rejects when the SMTP server refuses the recipient, and writes nothing', async () => {
    const smtpUrl = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        const refusal = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        callback(refusal);
      },
    });
    mailer = createMailer({ smtpUrl, outboxDir });

    await expect(
      mailer.send({
        kind: 'activation',
        edition: 'it',
        to: 'unknown@example.org',
        subject: 'Attiva il tuo account',
        text: 'Ciao',
      }),
    ).rejects.toThrow(/No such mailbox/);
    expect(received).toEqual([]);
    expect(await readdir(outboxDir)).toEqual([]);
  });
});
