import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { HoneypotField } from '../components/honeypot-field.tsx';
import { newsletterSignupPath } from '../shop-paths.ts';

/**
 * The e-mail form of the newsletter sign-up, posted to the sign-up page, which starts the trade
 * API's double opt-in (a confirmation mail). A plain form, so it works before the page's
 * scripts have loaded.
 */
export function NewsletterEmailForm() {
  const { t } = useLingui();
  const id = useId();
  const sending = useNavigation().state === 'submitting';
  return (
    <Form method="post" action={newsletterSignupPath} className="inline-form">
      <HoneypotField />
      <label htmlFor={`${id}-email`}>
        <Trans>E-mail address</Trans>
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <button type="submit" className="button" disabled={sending}>
        {t`Subscribe`}
      </button>
    </Form>
  );
}

/** The footer's newsletter sign-up, a region of its own. */
export function NewsletterSignup() {
  const id = useId();
  return (
    <section className="newsletter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Newsletter</Trans>
      </h2>
      <p>
        <Trans>Price news and tips for selling, at most twice a month.</Trans>
      </p>
      <NewsletterEmailForm />
    </section>
  );
}
