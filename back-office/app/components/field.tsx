import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled input with its hint and, when refused, the message beside it. */
export function Field({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const described = [
    hint === undefined ? '' : `${id}-hint`,
    error === undefined ? '' : `${id}-error`,
  ]
    .filter((part) => part !== '')
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described === '' ? undefined : described}
        {...input}
      />
      {error === undefined ? null : (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A message about the whole form (refused sign-in, a conflict), read out when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}

/** A confirmation of what a form did, read out politely. */
export function FormNotice({ children }: { children: ReactNode }) {
  return <output className="form-notice">{children}</output>;
}

/** The hidden CSRF token every form of a signed-in page carries. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
