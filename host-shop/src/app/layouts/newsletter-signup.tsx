import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Form } from 'react-router';
import { newsletterSignupPath } from '../shop-paths.ts';

/**
 * The footer's newsletter sign-up: an e-mail address, sent to the trade API's double opt-in (a
 * confirmation mail). A plain form, so it works before the page's scripts have loaded.
 */
export function NewsletterSignup() {
  const { t } = useLingui();
  const id = useId();
  return (
    <section className="newsletter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Newsletter</Trans>
      </h2>
      <p>
        <Trans>Price news and tips for selling, at most twice a month.</Trans>
      </p>
      <Form method="post" action={newsletterSignupPath} className="inline-form">
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
        <button type="submit" className="button">
          {t`Subscribe`}
        </button>
      </Form>
    </section>
  );
}
