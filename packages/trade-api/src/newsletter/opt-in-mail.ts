import { msg } from '@lingui/core/macro';
import type { EditionCode } from '@tradein/editions';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The path of the confirmation link; the shop's enrich page calls the confirm endpoint. */
export function optInPath(emailHash: string, token: string): string {
  return `/newsletter/enrich/${emailHash}?token=${encodeURIComponent(token)}`;
}

/** The opt-in mail of a subscription, in the edition's language, with its confirmation link. */
export function optInMail(options: {
  edition: EditionCode;
  to: string;
  link: string;
  days: number;
}): MailMessage {
  const i18n = i18nForEdition(options.edition);
  const { link, days } = options;
  const text = [
    i18n._(msg`Hello,`),
    i18n._(
      msg`please confirm that you want to receive our newsletter by opening this link within ${days} days:`,
    ),
    link,
    i18n._(
      msg`If you did not ask for our newsletter, ignore this message: without your confirmation you will not receive it.`,
    ),
  ].join('\n\n');
  return {
    kind: 'newsletter-opt-in',
    edition: options.edition,
    to: options.to,
    subject: i18n._(msg`Please confirm your newsletter subscription`),
    text,
  };
}
