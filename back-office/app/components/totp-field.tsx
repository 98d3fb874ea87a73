import type { ReactNode } from 'react';
import { Field } from './field.tsx';

/** The field for the 6 digits an authenticator app shows, as one-time code for the browser. */
export function TotpField({ label, error }: { label: ReactNode; error?: ReactNode }) {
  return (
    <Field
      id="totpCode"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      label={label}
      error={error}
    />
  );
}
