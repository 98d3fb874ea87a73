import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { newsletterSignupPath } from '../shop-paths.ts';

/**
 * The sign-up inside a newsletter page (subscribe again after a link failed or after leaving):
 * it posts to the footer's sign-up page, which starts the double opt-in. Not a landmark of its
 * own, so it does not repeat the footer's "Newsletter" region.
 */
export function SubscribeForm({ heading }: { heading: ReactNode }) {
  const { t } = useLingui();
  const id = useId();
  const sending = useNavigation().state === 'submitting';
  return (
    <div className="newsletter-subscribe">
      <h2>{heading}</h2>
      <p>
        <Trans>Enter your e-mail address; we send you a link to confirm.</Trans>
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
        <button type="submit" className="button" disabled={sending}>
          {t`Subscribe`}
        </button>
      </Form>
    </div>
  );
}
