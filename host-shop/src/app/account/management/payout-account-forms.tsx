import { Trans } from '@lingui/react/macro';
import type { BankAccount, PaypalAccount } from '@tradein/contract';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { TextField } from '../form-field.tsx';
import { hasErrors, readableIban, type FieldErrors } from '../form-rules.ts';
import {
  bankFormErrors,
  paypalFormErrors,
  readBankForm,
  readPaypalForm,
  type BankField,
  type PayoutAccount,
  type PaypalField,
} from './payout-accounts.ts';
import { useFirstErrorFocus } from './use-first-error-focus.ts';
import type { PayoutDraft, SaveOutcome } from './use-payout-accounts.ts';

/**
 * Whether a new account becomes the primary one: `ask` shows a choice (the management page),
 * `always` says it does (the payment-change page, where adding means "pay me here instead").
 */
export type PrimaryChoice = 'ask' | 'always';

interface PayoutFormProps<Stored> {
  /** The stored account to change; undefined adds a new one. */
  account?: Stored | undefined;
  primaryChoice: PrimaryChoice;
  /** A change is being sent (here or elsewhere on the page): the submit is ignored meanwhile. */
  busy: boolean;
  onSave(draft: PayoutDraft, primary: boolean): Promise<SaveOutcome>;
  onCancel(): void;
}

/** The frame both payout forms share: heading, fields, primary choice, buttons. */
function PayoutForm<Field extends string>({
  heading,
  isNew,
  primaryChoice,
  busy,
  errors,
  formRef,
  onSubmit,
  onCancel,
  submitLabel,
  children,
}: {
  heading: ReactNode;
  isNew: boolean;
  primaryChoice: PrimaryChoice;
  busy: boolean;
  errors: FieldErrors<Field>;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onCancel(): void;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const primaryId = useId();
  // The form opens after a click elsewhere: the focus follows to its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [formRef]);
  return (
    <form
      ref={formRef}
      method="post"
      className="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={onSubmit}
    >
      <h3 id={headingId}>{heading}</h3>
      {hasErrors(errors) ? (
        <p className="notice notice--error" role="alert">
          <Trans>Please check the marked fields.</Trans>
        </p>
      ) : null}
      {children}
      {isNew && primaryChoice === 'ask' ? (
        <div className="check-field">
          <input id={primaryId} name="makePrimary" type="checkbox" />
          <label htmlFor={primaryId}>
            <Trans>Pay my trades to this account from now on</Trans>
          </label>
        </div>
      ) : null}
      {isNew && primaryChoice === 'always' ? (
        <p className="field-hint">
          <Trans>Once saved, we pay your trades to this account.</Trans>
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** Whether the customer asked for the new account to become primary. */
function wantsPrimary(form: FormData, isNew: boolean, choice: PrimaryChoice): boolean {
  if (!isNew) return false;
  return choice === 'always' || form.get('makePrimary') === 'on';
}

/**
 * The submit of a payout form: reads and checks the fields with the API's rules, saves the draft
 * (primary when asked for), and shows the API's refusals at their fields, the focus on the first.
 */
function usePayoutSubmit<Field extends string, Values>({
  read,
  check,
  draft,
  isNew,
  primaryChoice,
  busy,
  onSave,
}: {
  read: (form: FormData) => Values;
  check: (values: Values) => FieldErrors<Field>;
  draft: (values: Values) => PayoutDraft;
  isNew: boolean;
  primaryChoice: PrimaryChoice;
  busy: boolean;
  onSave: PayoutFormProps<unknown>['onSave'];
}) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formRef, focusFirstError] = useFirstErrorFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const values = read(form);
    const found = check(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError();
      return;
    }
    const outcome = await onSave(draft(values), wantsPrimary(form, isNew, primaryChoice));
    if (outcome.status === 'refused') {
      setErrors(outcome.errors as FieldErrors<Field>);
      focusFirstError();
    }
  }

  return { errors, formRef, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}

/**
 * Adds or changes a bank account: holder, IBAN (checked with its check digits before anything
 * is sent, sent in electronic form) and an optional BIC.
 */
function BankAccountForm({
  account,
  primaryChoice,
  busy,
  onSave,
  onCancel,
}: PayoutFormProps<BankAccount>) {
  const formId = useId();
  const isNew = account === undefined;
  const { errors, formRef, onSubmit } = usePayoutSubmit<BankField, ReturnType<typeof readBankForm>>(
    {
      read: readBankForm,
      check: bankFormErrors,
      draft: (values) => ({ kind: 'bank', ...(isNew ? {} : { id: account.id }), values }),
      isNew,
      primaryChoice,
      busy,
      onSave,
    },
  );

  return (
    <PayoutForm
      heading={isNew ? <Trans>New bank account</Trans> : <Trans>Change bank account</Trans>}
      isNew={isNew}
      primaryChoice={primaryChoice}
      busy={busy}
      errors={errors}
      formRef={formRef}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel={<Trans>Save bank account</Trans>}
    >
      <TextField
        formId={formId}
        name="accountHolder"
        label={<Trans>Account holder</Trans>}
        autoComplete="name"
        defaultValue={account?.accountHolder}
        error={errors.accountHolder}
      />
      <TextField
        formId={formId}
        name="iban"
        label={<Trans>IBAN</Trans>}
        autoComplete="off"
        spellCheck={false}
        maxLength={42}
        defaultValue={account === undefined ? undefined : readableIban(account.iban)}
        hint={<Trans>Spaces are fine, e.g. DE89 3704 0044 0532 0130 00.</Trans>}
        error={errors.iban}
      />
      <TextField
        formId={formId}
        name="bic"
        label={<Trans>BIC</Trans>}
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        optional
        defaultValue={account?.bic}
        error={errors.bic}
      />
    </PayoutForm>
  );
}

/** Adds or changes a PayPal account: the e-mail address PayPal knows the customer by. */
function PaypalAccountForm({
  account,
  primaryChoice,
  busy,
  onSave,
  onCancel,
}: PayoutFormProps<PaypalAccount>) {
  const formId = useId();
  const isNew = account === undefined;
  const { errors, formRef, onSubmit } = usePayoutSubmit<
    PaypalField,
    ReturnType<typeof readPaypalForm>
  >({
    read: readPaypalForm,
    check: paypalFormErrors,
    draft: (values) => ({ kind: 'paypal', ...(isNew ? {} : { id: account.id }), values }),
    isNew,
    primaryChoice,
    busy,
    onSave,
  });

  return (
    <PayoutForm
      heading={isNew ? <Trans>New PayPal account</Trans> : <Trans>Change PayPal account</Trans>}
      isNew={isNew}
      primaryChoice={primaryChoice}
      busy={busy}
      errors={errors}
      formRef={formRef}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel={<Trans>Save PayPal account</Trans>}
    >
      <TextField
        formId={formId}
        name="email"
        type="email"
        label={<Trans>PayPal e-mail address</Trans>}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        defaultValue={account?.email}
        error={errors.email}
      />
    </PayoutForm>
  );
}

/** Which payout form is open: a new account of a kind, or the change of a listed one. */
export type PayoutEditor =
  { kind: 'bank' } | { kind: 'paypal' } | { kind: 'edit'; payout: PayoutAccount };

/** The open payout form, or the buttons that open one. */
export function PayoutEditorArea({
  editor,
  setEditor,
  primaryChoice,
  busy,
  save,
}: {
  editor: PayoutEditor | null;
  setEditor(editor: PayoutEditor | null): void;
  primaryChoice: PrimaryChoice;
  busy: boolean;
  save(draft: PayoutDraft, primary: boolean): Promise<SaveOutcome>;
}) {
  const opener = useRef<HTMLButtonElement | null>(null);
  // A cancelled form hands the focus back to the button that opens one; after a save the
  // confirmation takes it (PayoutNoticeText).
  const cancel = () => {
    setEditor(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const onSave: typeof save = async (draft, primary) => {
    const outcome = await save(draft, primary);
    if (outcome.status === 'done' || outcome.status === 'gone') setEditor(null);
    return outcome;
  };
  if (editor === null) {
    return (
      <div className="actions">
        <button
          ref={opener}
          type="button"
          className="button button--secondary"
          name="addAccount"
          value="bank"
          onClick={() => setEditor({ kind: 'bank' })}
        >
          <Trans>Add a bank account</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary"
          name="addAccount"
          value="paypal"
          onClick={() => setEditor({ kind: 'paypal' })}
        >
          <Trans>Add a PayPal account</Trans>
        </button>
      </div>
    );
  }
  const common = { primaryChoice, busy, onSave, onCancel: cancel };
  if (editor.kind === 'bank') return <BankAccountForm {...common} />;
  if (editor.kind === 'paypal') return <PaypalAccountForm {...common} />;
  const { payout } = editor;
  return payout.kind === 'bank' ? (
    <BankAccountForm key={payout.iri} {...common} account={payout.account} />
  ) : (
    <PaypalAccountForm key={payout.iri} {...common} account={payout.account} />
  );
}
