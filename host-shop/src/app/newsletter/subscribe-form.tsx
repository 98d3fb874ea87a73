import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { NewsletterEmailForm } from '../layouts/newsletter-signup.tsx';

/**
 * The sign-up inside a newsletter page (subscribe again after a link failed or after leaving):
 * the footer's form without its region, so the page does not repeat the footer's "Newsletter"
 * landmark.
 */
export function SubscribeForm({ heading }: { heading: ReactNode }) {
  return (
    <div className="newsletter-subscribe">
      <h2>{heading}</h2>
      <p>
        <Trans>Enter your e-mail address; we send you a link to confirm.</Trans>
      </p>
      <NewsletterEmailForm />
    </div>
  );
}
