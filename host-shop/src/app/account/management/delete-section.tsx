import { Trans } from '@lingui/react/macro';
import { logout } from '@tradein/client-core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { accountApi } from '../account-api.ts';
import { $sessionNotice, endRefusedSession, endsSession } from '../session.ts';
import type { SectionProps } from './account-management.tsx';
import {
  deleteAccount,
  DeletionFailure,
  deletionQuery,
  type DeletionStep,
} from './account-deletion.ts';

/** Why the deletion did not finish, for the message. */
type DeletionProblem = 'notDeleted' | 'loginLeft';

/**
 * Deletes the customer account, behind a confirmation step that names what goes and what stays
 * (docs/accounts.md, "Deletion") and a box to tick. Once deleted, the session here ends and the
 * login form says the account is deleted.
 */
export function DeleteSection({ account }: SectionProps) {
  const headingId = useId();
  const confirmHeadingId = useId();
  const checkId = useId();
  const checkErrorId = useId();
  const [confirming, setConfirming] = useState(false);
  const [unticked, setUnticked] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<DeletionProblem | null>(null);
  // After the customer record is gone, a retry only needs the login call.
  const [nextStep, setNextStep] = useState<DeletionStep>('customer');
  const startButton = useRef<HTMLButtonElement | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement | null>(null);
  const checkbox = useRef<HTMLInputElement | null>(null);
  const wasConfirming = useRef(false);

  // The focus follows the step: into the confirmation when it opens, back to its button after.
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) startButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const ticked = new FormData(event.currentTarget).get('confirmDeletion') === 'on';
    setUnticked(!ticked);
    setProblem(null);
    if (!ticked) {
      checkbox.current?.focus();
      return;
    }
    const query = deletionQuery(account);
    if (query === undefined) {
      setProblem('notDeleted');
      return;
    }
    setSending(true);
    const api = accountApi();
    try {
      await deleteAccount(api, query, nextStep);
    } catch (error) {
      setSending(false);
      if (!(error instanceof DeletionFailure) || error.step === 'customer') {
        const cause = error instanceof DeletionFailure ? error.cause : error;
        if (endsSession(cause)) void endRefusedSession(api);
        else setProblem('notDeleted');
        return;
      }
      setNextStep('login');
      setProblem('loginLeft');
      return;
    }
    // `logout` clears the stored session before its first await, which leaves the "session
    // ended" notice; setting ours right after, before the page draws again, replaces it.
    const loggingOut = logout(api);
    $sessionNotice.set('deleted');
    // The notice sits at the top of the login page that replaces this one; this section was at
    // the bottom of a long page.
    window.scrollTo({ top: 0 });
    await loggingOut;
  }

  return (
    <section className="account-data" id="delete-account" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Delete your account</Trans>
      </h2>
      {confirming ? (
        <form
          method="post"
          className="form delete-confirmation"
          noValidate
          aria-labelledby={confirmHeadingId}
          onSubmit={(event) => void submit(event)}
        >
          <h3 id={confirmHeadingId} ref={confirmHeading} tabIndex={-1}>
            <Trans>Do you really want to delete your account?</Trans>
          </h3>
          <p>
            <Trans>We delete for good:</Trans>
          </p>
          <ul>
            <li>
              <Trans>your login: e-mail address and password</Trans>
            </li>
            <li>
              <Trans>your addresses</Trans>
            </li>
            <li>
              <Trans>your payout accounts (bank and PayPal)</Trans>
            </li>
            <li>
              <Trans>your phone numbers</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              We keep your trades for our bookkeeping, but without your name, address, e-mail or
              account details. Your newsletter subscription stays until you unsubscribe with the
              link in any newsletter.
            </Trans>
          </p>
          <div className="check-field">
            <input
              ref={checkbox}
              id={checkId}
              name="confirmDeletion"
              type="checkbox"
              aria-invalid={unticked ? true : undefined}
              aria-describedby={unticked ? checkErrorId : undefined}
            />
            <label htmlFor={checkId}>
              <Trans>Yes, delete my customer account and this data for good.</Trans>
            </label>
          </div>
          {unticked ? (
            <p className="field-error" id={checkErrorId}>
              <Trans>Please tick the box to confirm, or keep your account.</Trans>
            </p>
          ) : null}
          {problem === 'notDeleted' ? (
            <p className="notice notice--error" role="alert">
              <Trans>
                We could not delete your account; nothing is deleted. Please try again in a moment,
                or contact us.
              </Trans>
            </p>
          ) : problem === 'loginLeft' ? (
            <p className="notice notice--error" role="alert">
              <Trans>
                Your data is deleted, but we could not close your login. Please press the button
                again.
              </Trans>
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--danger" aria-disabled={sending}>
              {sending ? (
                <Trans>Deleting your account…</Trans>
              ) : (
                <Trans>Delete my account for good</Trans>
              )}
            </button>
            {nextStep === 'customer' ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  if (sending) return;
                  setConfirming(false);
                  setUnticked(false);
                  setProblem(null);
                }}
              >
                <Trans>Keep my account</Trans>
              </button>
            ) : null}
          </div>
        </form>
      ) : (
        <>
          <p>
            <Trans>
              Deleting your account removes your login and personal data. It cannot be undone.
            </Trans>
          </p>
          <div className="actions">
            <button
              ref={startButton}
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(true)}
            >
              <Trans>Delete my account…</Trans>
            </button>
          </div>
        </>
      )}
    </section>
  );
}
