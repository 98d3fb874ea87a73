import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import {
  contactMessageEndpoint,
  contactMessageRequestSchema,
  maxContactMessageLength,
  maxTextFieldLength,
} from '@tradein/contract';
import { getEdition, isB2BMode } from '@tradein/editions';
import { useId } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { HoneypotField } from '../components/honeypot-field.tsx';
import { legalDetails } from '../content/legal-details.server.ts';
import { openingHoursLines, phoneLink } from '../content/legal-format.server.ts';
import { readForm } from '../form-data.server.ts';
import { filledHoneypot } from '../honeypot.server.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Site } from '../site.ts';
import type { Route } from './+types/contact';

/** The fields of the form, in the order a reader meets them. */
const fields = ['subject', 'name', 'email', 'tradeNumber', 'message'] as const;
type Field = (typeof fields)[number];

type ContactResult =
  | { sent: true }
  | { sent: false; invalid: Field[]; values: Partial<Record<Field, string>> }
  | { sent: false; busy: true; values: Partial<Record<Field, string>> };

export function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['contact']);
  const edition = getEdition(request.site.edition);
  return {
    seo: pageSeo(request, {
      route: 'contact',
      title: i18n._(msg`Contact`),
      description: i18n._(
        msg`Questions about your offer, shipping or payout? Write to our service team: we answer within one working day.`,
      ),
    }),
    subjects: edition.helpWidget.contactSubjects,
    serviceAddress: edition.contact.toAddress,
    phone: serviceHoursOf(request.site, edition.icuLocale),
  };
}

/**
 * The service team's phone and opening hours, formatted for the page: the B2B partner team's
 * in the B2B mode where the edition configures them, the consumer team's otherwise.
 */
function serviceHoursOf(site: Site, icuLocale: string) {
  const { contact } = legalDetails(site.edition);
  const partner = isB2BMode(site.shopMode) ? contact.b2bpartner : undefined;
  return {
    link: phoneLink(partner?.phone ?? contact.phone),
    hours: openingHoursLines(partner?.hours ?? contact.hours, icuLocale),
  };
}

/** The phone number and when someone answers it. */
function PhoneHours({ phone }: { phone: ReturnType<typeof serviceHoursOf> }) {
  return (
    <section className="contact-phone" aria-labelledby="contact-phone-title">
      <h2 id="contact-phone-title">
        <Trans>By phone</Trans>
      </h2>
      <p>
        <a className="contact-phone__number" href={phone.link.href}>
          {phone.link.display}
        </a>
      </p>
      <h3>
        <Trans>Opening hours</Trans>
      </h3>
      <dl className="opening-hours">
        {phone.hours.map((line) => (
          <div key={line.days}>
            <dt>{line.days}</dt>
            <dd>{line.times}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function isField(name: PropertyKey | undefined): name is Field {
  return fields.some((field) => field === name);
}

/**
 * Sends the form as a mail to the edition's service team through the trade API. The form is
 * checked with the contract's schema first: bad input names its fields and sends nothing.
 * Works as a plain form post (no JavaScript needed).
 */
export async function action(args: Route.ActionArgs) {
  const { request } = screenOf(args, ['contact']);
  const form = await readForm(args.request);
  // A bot's post: the answer of a sent message, and nothing sent.
  if (filledHoneypot(form)) return data<ContactResult>({ sent: true });
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === 'string' && value.trim() !== '') values[field] = value.trim();
  }
  const body = { edition: request.site.edition, ...values };
  const parsed = contactMessageRequestSchema.safeParse(body);
  const subjectKnown = getEdition(request.site.edition).helpWidget.contactSubjects.some(
    (subject) => subject.key === values.subject,
  );
  if (!parsed.success || !subjectKnown) {
    const invalid = new Set<Field>(subjectKnown ? [] : ['subject']);
    for (const issue of parsed.error?.issues ?? []) {
      if (isField(issue.path[0])) invalid.add(issue.path[0]);
    }
    return data<ContactResult>(
      { sent: false, invalid: fields.filter((field) => invalid.has(field)), values },
      { status: 400 },
    );
  }
  try {
    await request.visitorApi().call(contactMessageEndpoint, { body: parsed.data });
    return data<ContactResult>({ sent: true });
  } catch (error) {
    if (apiHttpStatus(error) === 429) {
      return data<ContactResult>({ sent: false, busy: true, values }, { status: 429 });
    }
    throw error;
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

function FieldError({ id, field, invalid }: { id: string; field: Field; invalid: Field[] }) {
  if (!invalid.includes(field)) return null;
  const messages: Record<Field, React.ReactNode> = {
    subject: <Trans>Please choose what your message is about.</Trans>,
    name: <Trans>Please enter your name, in letters only (no digits or web addresses).</Trans>,
    email: <Trans>Please enter a valid e-mail address, like name@example.com.</Trans>,
    tradeNumber: <Trans>A trade number has the form shown on your shipping label.</Trans>,
    message: <Trans>Please write your message (at most 5,000 characters).</Trans>,
  };
  return (
    <p className="field-error" id={`${id}-${field}-error`}>
      {messages[field]}
    </p>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const id = useId();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  if (actionData?.sent === true) {
    return (
      <main id="main" className="page">
        <h1>
          <Trans>Contact</Trans>
        </h1>
        <output className="notice notice--success">
          <Trans>
            Thank you, your message is on its way. We answer within one working day by e-mail.
          </Trans>
        </output>
      </main>
    );
  }
  const invalid = actionData !== undefined && 'invalid' in actionData ? actionData.invalid : [];
  const values = actionData?.values ?? {};
  const describedBy = (field: Field) =>
    invalid.includes(field) ? `${id}-${field}-error` : undefined;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    defaultValue: values[field] ?? '',
    'aria-invalid': invalid.includes(field) ? true : undefined,
    'aria-describedby': describedBy(field),
  });
  return (
    <main id="main" className="page">
      <h1>
        <Trans>Contact</Trans>
      </h1>
      <p className="lead">
        <Trans>Write to our service team: we answer within one working day.</Trans>
      </p>
      <PhoneHours phone={loaderData.phone} />
      <div role="alert">
        {invalid.length > 0 ? (
          <p className="notice notice--error">
            <Trans>Please check the marked fields.</Trans>
          </p>
        ) : actionData !== undefined && 'busy' in actionData ? (
          <p className="notice notice--error">
            <Trans>
              You have sent several messages just now. Please try again in an hour, or write to us
              at <a href={`mailto:${loaderData.serviceAddress}`}>{loaderData.serviceAddress}</a>.
            </Trans>
          </p>
        ) : null}
      </div>
      <Form method="post" className="form" noValidate aria-label={t`Contact form`}>
        <HoneypotField />
        <div className="field">
          <label htmlFor={`${id}-subject`}>
            <Trans>Subject</Trans>
          </label>
          <select {...fieldProps('subject')} required>
            <option value="">{t`Please choose`}</option>
            {loaderData.subjects.map((subject) => (
              <option key={subject.key} value={subject.key}>
                {subject.label}
              </option>
            ))}
          </select>
          <FieldError id={id} field="subject" invalid={invalid} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </label>
          <input
            {...fieldProps('name')}
            autoComplete="name"
            required
            maxLength={maxTextFieldLength}
          />
          <FieldError id={id} field="name" invalid={invalid} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>
            <Trans>E-mail address</Trans>
          </label>
          <input {...fieldProps('email')} type="email" autoComplete="email" required />
          <FieldError id={id} field="email" invalid={invalid} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tradeNumber`}>
            <Trans>Trade number (optional)</Trans>
          </label>
          <input {...fieldProps('tradeNumber')} />
          <FieldError id={id} field="tradeNumber" invalid={invalid} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>
            <Trans>Your message</Trans>
          </label>
          <textarea {...fieldProps('message')} required maxLength={maxContactMessageLength} />
          <FieldError id={id} field="message" invalid={invalid} />
        </div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t`Sending…` : t`Send message`}
        </button>
      </Form>
    </main>
  );
}
