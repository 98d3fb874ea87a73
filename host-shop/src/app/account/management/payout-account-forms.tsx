import { Trans } from '@lingui/react/macro';
import type { BankAccount, PaypalAccount } from '@tradein/contract';
import { useId, useRef, type ReactNode } from 'react';
import { EmailField, TextField } from '../form-field.tsx';
import { readableIban, type FieldErrors, type FormCheck } from '../form-rules.ts';
import { AccountFormFrame } from './account-form-frame.tsx';
import {
  checkBankForm,
  checkPaypalForm,
  readBankForm,
  readPaypalForm,
  type BankField,
  type PayoutAccount,
  type PaypalField,
} from './payout-accounts.ts';
import { useAccountForm, type AccountFormState } from './use-account-form.ts';
import type { PayoutChanges, PayoutDraft, SaveOutcome } from './use-payout-accounts.ts';

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

/** Whether the customer asked for the new account to become primary. */
function wantsPrimary(form: HTMLFormElement, isNew: boolean, choice: PrimaryChoice): boolean {
  if (!isNew) return false;
  return choice === 'always' || new FormData(form).get('makePrimary') === 'on';
}

/**
 * The form state of a payout account: the checked draft is saved (primary when asked for); the
 * section's notice says how it went, the API's refusals show at the fields.
 */
function usePayoutForm<Body, Field extends string>(
  { primaryChoice, busy, onSave }: PayoutFormProps<unknown>,
  isNew: boolean,
  check: (form: FormData) => FormCheck<Body, Field>,
  draft: (body: Body) => PayoutDraft,
) {
  return useAccountForm<Body, Field>({
    busy,
    check,
    send: async (body, form) => {
      const outcome = await onSave(draft(body), wantsPrimary(form, isNew, primaryChoice));
      if (outcome.status === 'done') return { saved: true };
      // The save names refused fields of this form's own kind.
      const errors = outcome.status === 'refused' ? (outcome.errors as FieldErrors<Field>) : {};
      return { saved: false, errors };
    },
  });
}

/** The frame both payout forms share: heading, fields, primary choice, buttons. */
function PayoutFormFrame({
  form,
  heading,
  isNew,
  primaryChoice,
  submitLabel,
  onCancel,
  children,
}: {
  form: AccountFormState<string>;
  heading: ReactNode;
  isNew: boolean;
  primaryChoice: PrimaryChoice;
  submitLabel: ReactNode;
  onCancel(): void;
  children: ReactNode;
}) {
  const primaryId = useId();
  return (
    <AccountFormFrame form={form} heading={heading} submitLabel={submitLabel} onCancel={onCancel}>
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
    </AccountFormFrame>
  );
}

/**
 * Adds or changes a bank account: holder, IBAN (a SEPA account, checked with its check digits
 * before anything is sent, sent in electronic form) and an optional BIC.
 */
function BankAccountForm(props: PayoutFormProps<BankAccount>) {
  const { account, primaryChoice, onCancel } = props;
  const formId = useId();
  const isNew = account === undefined;
  const form = usePayoutForm<Parameters<typeof bankDraft>[0], BankField>(
    props,
    isNew,
    (data) => checkBankForm(readBankForm(data), account?.id),
    bankDraft,
  );
  const { errors } = form;

  return (
    <PayoutFormFrame
      form={form}
      heading={isNew ? <Trans>New bank account</Trans> : <Trans>Change bank account</Trans>}
      isNew={isNew}
      primaryChoice={primaryChoice}
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
    </PayoutFormFrame>
  );
}

/** Adds or changes a PayPal account: the e-mail address PayPal knows the customer by. */
function PaypalAccountForm(props: PayoutFormProps<PaypalAccount>) {
  const { account, primaryChoice, onCancel } = props;
  const formId = useId();
  const isNew = account === undefined;
  const form = usePayoutForm<Parameters<typeof paypalDraft>[0], PaypalField>(
    props,
    isNew,
    (data) => checkPaypalForm(readPaypalForm(data), account?.id),
    paypalDraft,
  );

  return (
    <PayoutFormFrame
      form={form}
      heading={isNew ? <Trans>New PayPal account</Trans> : <Trans>Change PayPal account</Trans>}
      isNew={isNew}
      primaryChoice={primaryChoice}
      onCancel={onCancel}
      submitLabel={<Trans>Save PayPal account</Trans>}
    >
      <EmailField
        formId={formId}
        label={<Trans>PayPal e-mail address</Trans>}
        error={form.errors.email}
        defaultValue={account?.email}
      />
    </PayoutFormFrame>
  );
}

/** The draft of a checked bank account form. */
function bankDraft(body: Extract<PayoutDraft, { kind: 'bank' }>['body']): PayoutDraft {
  return { kind: 'bank', body };
}

/** The draft of a checked PayPal account form. */
function paypalDraft(body: Extract<PayoutDraft, { kind: 'paypal' }>['body']): PayoutDraft {
  return { kind: 'paypal', body };
}

/** Which payout form is open: a new account of a kind, or the change of a listed one. */
export type PayoutEditor =
  { kind: 'bank' } | { kind: 'paypal' } | { kind: 'edit'; payout: PayoutAccount };

/** The open payout form, or the buttons that open one. */
export function PayoutEditorArea({
  editor,
  setEditor,
  primaryChoice,
  changes: { busy, save },
}: {
  editor: PayoutEditor | null;
  setEditor(editor: PayoutEditor | null): void;
  primaryChoice: PrimaryChoice;
  changes: Pick<PayoutChanges, 'busy' | 'save'>;
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
