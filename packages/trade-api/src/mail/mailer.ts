import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { msg } from '@lingui/core/macro';
import { getEdition, type EditionCode, type ShopMode } from '@tradein/editions';
import { createTransport, type Transporter } from 'nodemailer';
import { i18nForEdition } from '../i18n/server-i18n.ts';

/** What kind of mail it is; part of the outbox file name and the mail log. */
export type MailKind =
  | 'activation'
  | 'password-reset'
  | 'newsletter-opt-in'
  | 'trade-confirmation'
  | 'trade-status'
  | 'clarification'
  | 'expiry-reminder'
  | 'contact';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One outgoing message; the sender comes from the edition's contact settings. */
export interface MailMessage {
  kind: MailKind;
  edition: EditionCode;
  /**
   * The shop mode the mail belongs to (a trade's): the footer of a B2B mail speaks formal
   * German, as its text does. Consumer mode when unset.
   */
  shopMode?: ShopMode;
  to: string;
  subject: string;
  /** Plain-text body; the mail always has one. */
  text: string;
  /** Optional HTML body. Callers escape every value they put in it. */
  html?: string;
  attachments?: MailAttachment[];
  /** Where answers go, when not to the sender (a contact message: the customer who wrote). */
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Path of the `.eml` file when the mail went to the outbox. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; when unset, every message is written to `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
}

const footer = msg`You receive this message because of your activity in our trade-in shop.`;

/** Mails to our own team, which carry no customer footer. */
const internalKinds: ReadonlySet<MailKind> = new Set(['contact']);

/**
 * Sends mail through nodemailer: over SMTP when configured, otherwise as one `.eml` file per
 * message in the outbox folder (the same bytes an SMTP server would receive).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? createTransport(options.smtpUrl)
    : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      // nodemailer writes a mail with an empty `to` without a To: header; such a mail is always a
      // mistake of its caller, so it is refused before anything is written or sent.
      if (message.to.trim() === '') {
        throw new Error(`A ${message.kind} mail needs a recipient; nothing was sent`);
      }
      const edition = getEdition(message.edition);
      const i18n = i18nForEdition(message.edition, message.shopMode);
      const info = await transport.sendMail({
        from: { name: edition.contact.fromName, address: edition.contact.fromAddress },
        to: message.to,
        subject: message.subject,
        text: internalKinds.has(message.kind)
          ? `${message.text}\n`
          : `${message.text}\n\n-- \n${i18n._(footer)}\n`,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        attachments: message.attachments,
        headers: { 'X-Tradein-Mail-Kind': message.kind },
      });
      if (options.smtpUrl) return { messageId: info.messageId };

      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const file = join(options.outboxDir, `${stamp}-${message.kind}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
