import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { HoneypotField } from '../../components/honeypot-field.tsx';
import { EmailField } from '../form-field.tsx';
import type { RegisterResult } from './registration-result.ts';

/** Asks for a new activation link; the answer never tells whether the address has an account. */
export function ResendActivation({
  email,
  refused,
}: {
  email?: string | undefined;
  refused?: boolean;
}) {
  const { t } = useLingui();
  const formId = useId();
  const sending = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby={`${formId}-title`} id="resend-activation">
      <h2 id={`${formId}-title`}>
        <Trans>No activation mail?</Trans>
      </h2>
      <p>
        <Trans>
          Look in your spam folder first. Or enter your e-mail address and we send you a new link,
          valid for 48 hours.
        </Trans>
      </p>
      <Form method="post" className="inline-form" noValidate aria-label={t`New activation link`}>
        <input type="hidden" name="intent" value="resend" />
        <HoneypotField />
        <EmailField
          formId={formId}
          error={refused === true ? 'email' : undefined}
          defaultValue={email}
        />
        <button type="submit" className="button button--secondary" disabled={sending}>
          <Trans>Send a new link</Trans>
        </button>
      </Form>
    </section>
  );
}

/** The page after a new activation link was asked for: what happens now, and the form again. */
export function ResentPage({
  heading,
  result,
}: {
  heading: ReactNode;
  result: Extract<RegisterResult, { kind: 'resent' | 'resendRefused' }>;
}) {
  const { email } = result;
  return (
    <main id="main" className="page">
      {heading}
      {result.kind === 'resent' ? (
        <output className="notice notice--success">
          <Trans>
            If {email} has an account waiting for activation, a new link is on its way. It is valid
            for 48 hours.
          </Trans>
        </output>
      ) : null}
      <ResendActivation email={email} refused={result.kind === 'resendRefused'} />
    </main>
  );
}
