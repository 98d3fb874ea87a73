import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

/*
 * Reads the mails the trade API wrote to its outbox (`.eml` files), for tests. mailparser does
 * the MIME work: headers in RFC 2047 words, quoted-printable and base64 bodies, attachments.
 */

/** A mail as a reader sees it: decoded headers, the plain-text body and the attachments. */
export interface OutboxMail {
  /** Path of the `.eml` file. */
  file: string;
  /** The recipients' addresses, comma-separated (one for every mail the API sends). */
  to: string;
  /** Where answers go (`Reply-To`), empty when the mail names none. */
  replyTo: string;
  subject: string;
  text: string;
  /** What the mail is for (`activation`, `password-reset`, …), from `X-Tradein-Mail-Kind`. */
  kind: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects
    .flatMap((object) => object.value.map((address) => address.address ?? ''))
    .join(', ');
}

/** Parses one `.eml` (its text or bytes). */
async function parseMail(eml: string | Buffer, file = ''): Promise<OutboxMail> {
  const parsed = await simpleParser(eml);
  const kind = parsed.headers.get('x-tradein-mail-kind');
  return {
    file,
    to: addresses(parsed.to),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    kind: typeof kind === 'string' ? kind : '',
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}

/** Every mail of the outbox, in the order the files sort (oldest first); none when it is missing. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  const emls = files.filter((name) => name.endsWith('.eml')).toSorted();
  return Promise.all(
    emls.map(async (name) => {
      const file = join(outboxDir, name);
      return parseMail(await readFile(file), file);
    }),
  );
}

/** Every mail of the outbox addressed to `to`, oldest first. */
export async function mailsTo(outboxDir: string, to: string): Promise<OutboxMail[]> {
  return (await readOutbox(outboxDir)).filter((mail) => mail.to === to);
}
