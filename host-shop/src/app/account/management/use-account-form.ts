import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, FormCheck } from '../form-rules.ts';
import type { WriteFailure } from './account-write.ts';
import { useFirstErrorFocus } from './use-first-error-focus.ts';

/**
 * How a sent form ended: saved (the section confirms and closes it), or not, with the fields the
 * API refused and the notice that says why (none at all when the session ended: the page turns
 * into the login form).
 */
export type FormOutcome<Field extends string, Notice = WriteFailure> =
  | { readonly saved: true }
  | {
      readonly saved: false;
      readonly errors?: FieldErrors<Field> | undefined;
      readonly notice?: Notice | null | undefined;
    };

/** What a form of the account area does with its fields. */
interface AccountFormOptions<Body, Field extends string, Notice> {
  /** Checks the fields with the API's rules; nothing is sent while they are refused. */
  check(form: FormData): FormCheck<Body, Field>;
  /** Sends the checked body (the form element is there to empty fields afterwards). */
  send(body: Body, form: HTMLFormElement): Promise<FormOutcome<Field, Notice>>;
  /** Another change of the page runs: a submit is ignored meanwhile. */
  busy?: boolean;
  /** Whether the first field takes the focus when the form appears (it opens after a click). */
  focusOnOpen?: boolean;
}

/**
 * The plumbing every form of the account area shares: the focus in its first field when it
 * opens; the fields checked with the API's rules before anything is sent; one submission at a
 * time (a second click while one runs is ignored); a refusal marks its fields and its notice,
 * with the focus on the first refused field (or on the notice).
 */
export function useAccountForm<Body, Field extends string, Notice = WriteFailure>({
  check,
  send,
  busy = false,
  focusOnOpen = true,
}: AccountFormOptions<Body, Field, Notice>) {
  const [formRef, focusFirstError] = useFirstErrorFocus();
  // The state is drawn after the next render; the ref stops a double click within one.
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (focusOnOpen) formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [focusOnOpen, formRef]);

  function show(found: FieldErrors<Field>, reason: Notice | null) {
    setErrors(found);
    setNotice(reason);
    if (Object.keys(found).length > 0 || reason !== null) focusFirstError();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current || busy) return;
    const form = event.currentTarget;
    const checked = check(new FormData(form));
    if (!checked.ok) {
      show(checked.errors, null);
      return;
    }
    show({}, null);
    sendingRef.current = true;
    setSending(true);
    try {
      const outcome = await send(checked.body, form);
      if (!outcome.saved) show(outcome.errors ?? {}, outcome.notice ?? null);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  return {
    formRef,
    errors,
    notice,
    sending: sending || busy,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}

/** The state of a form of the account area, for its frame and fields. */
export type AccountFormState<Field extends string, Notice = WriteFailure> = ReturnType<
  typeof useAccountForm<unknown, Field, Notice>
>;
