import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A mail as a reader sees it: decoded subject and plain-text body. */
export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

/** Decodes a quoted-printable body (soft line breaks, `=XX` bytes) as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Reads one single-part `.eml` file as the mailer writes it to the outbox. */
export async function readMail(file: string): Promise<ReadMail> {
  const raw = (await readFile(file, 'utf8')).replaceAll('\r\n', '\n');
  const split = raw.indexOf('\n\n');
  const headerText = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
  };
}

/** Every mail in the outbox folder addressed to `to`, oldest first. */
export async function mailsTo(outboxDir: string, to: string): Promise<ReadMail[]> {
  const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).toSorted();
  const mails = await Promise.all(files.map((name) => readMail(join(outboxDir, name))));
  return mails.filter((mail) => mail.to === to);
}
