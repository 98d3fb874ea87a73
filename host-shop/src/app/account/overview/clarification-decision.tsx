import { Trans } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import { answerClarificationEndpoint, type Trade } from '@tradein/contract';
import { formatMoney, type EditionCode } from '@tradein/editions/client';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { accountApi } from '../account-api.ts';
import { endRefusedSession, endsSession } from '../session.ts';
import { payoutBusinessDays } from '@tradein/editions/client';

/** The seller's answer to a revised offer. */
export type Decision = 'accept' | 'return';

/** A trade with an open clarification, as this panel needs it. */
type ClarifiedTrade = Trade & { clarification: NonNullable<Trade['clarification']> };

/** Whether a trade waits for the seller's decision on a revised offer. */
export function hasOpenClarification(trade: Trade): trade is ClarifiedTrade {
  return trade.status === 'clarification' && trade.clarification?.state === 'open';
}

/**
 * The revised offer of a trade (new price per piece and why, the revised total) and the
 * seller's two answers, each confirmed before it is sent: accept it, or get the devices back.
 */
export function ClarificationDecision({
  trade,
  edition,
  headingRef,
  onDecided,
  onAlreadyAnswered,
}: {
  trade: ClarifiedTrade;
  edition: EditionCode;
  /** The heading, which takes the focus when the seller comes from "needs your attention". */
  headingRef: Ref<HTMLHeadingElement>;
  onDecided(trade: Trade, decision: Decision): void;
  /** The offer was answered meanwhile (another window, our team): the trade must be reloaded. */
  onAlreadyAnswered(): void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // The button whose confirmation was cancelled, which takes the focus back.
  const cancelled = useRef<Decision | null>(null);
  const sendingNow = useRef(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const returnRef = useRef<HTMLButtonElement>(null);
  const { clarification } = trade;
  const revisedTotal = formatMoney(edition, clarification.revisedTotalCents);
  const days = payoutBusinessDays;

  // The focus follows the confirmation: to its question when it opens, back to the button that
  // opened it when it is cancelled.
  useEffect(() => {
    if (confirming !== null) {
      questionRef.current?.focus();
      return;
    }
    if (cancelled.current === null) return;
    (cancelled.current === 'accept' ? acceptRef : returnRef).current?.focus();
    cancelled.current = null;
  }, [confirming]);

  function ask(decision: Decision) {
    setFailed(false);
    setConfirming(decision);
  }

  function cancel() {
    if (sendingNow.current || confirming === null) return;
    cancelled.current = confirming;
    setConfirming(null);
  }

  async function decide(decision: Decision) {
    // A ref, not the state: a double click lands before the state of the first one is drawn.
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setFailed(false);
    const api = accountApi();
    try {
      const answered = await api.call(answerClarificationEndpoint, {
        params: { tradeNumber: trade.tradeNumber },
        body: { decision },
      });
      onDecided(answered, decision);
    } catch (error) {
      if (endsSession(error)) void endRefusedSession(api);
      else if (apiHttpStatus(error) === 409) onAlreadyAnswered();
      else setFailed(true);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }

  return (
    <section className="trade-section clarification" aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1}>
        <Trans>We revised your offer</Trans>
      </h4>
      <p>
        <Trans>
          We checked your devices and found them in another condition than your answers said. Accept
          the revised offer, or we send your devices back to you.
        </Trans>
      </p>
      <ul className="offer-lines">
        {clarification.items.map((revision) => {
          const line = trade.items.find((item) => item.position === revision.position);
          const name = line?.name ?? '';
          const quantity = line?.quantity ?? 1;
          const price = formatMoney(edition, revision.priceCents);
          const revisedPrice = formatMoney(edition, revision.revisedPriceCents);
          return (
            <li key={revision.position}>
              <p className="offer-lines__name">{name}</p>
              <dl className="facts-list">
                <dt>
                  <Trans>Quantity</Trans>
                </dt>
                <dd>{quantity}</dd>
                <dt>
                  <Trans>Offer per piece</Trans>
                </dt>
                <dd>{price}</dd>
                <dt>
                  <Trans>Revised offer per piece</Trans>
                </dt>
                <dd>{revisedPrice}</dd>
                {revision.reason === null ? null : (
                  <>
                    <dt>
                      <Trans>Why</Trans>
                    </dt>
                    <dd>{revision.reason}</dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
      <dl className="facts-list offer-total clarification__total">
        <dt>
          <Trans>Revised total</Trans>
        </dt>
        <dd>
          <strong>{revisedTotal}</strong>
        </dd>
      </dl>
      {confirming === null ? (
        <div className="actions">
          <button
            ref={acceptRef}
            type="button"
            className="button"
            name="decision"
            value="accept"
            onClick={() => ask('accept')}
          >
            <Trans>Accept the revised offer</Trans>
          </button>
          <button
            ref={returnRef}
            type="button"
            className="button button--secondary"
            name="decision"
            value="return"
            onClick={() => ask('return')}
          >
            <Trans>Send my devices back</Trans>
          </button>
        </div>
      ) : (
        <div className="confirm-box">
          <p ref={questionRef} tabIndex={-1}>
            {confirming === 'accept' ? (
              <Trans>
                Accept the revised offer of {revisedTotal}? Your money then arrives within {days}{' '}
                business days.
              </Trans>
            ) : (
              <Trans>Get your devices back? The trade then ends and nothing is paid out.</Trans>
            )}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              name="confirm"
              value={confirming}
              aria-disabled={sending}
              onClick={() => void decide(confirming)}
            >
              {sending ? (
                <Trans>Sending your decision…</Trans>
              ) : confirming === 'accept' ? (
                <Trans>Yes, accept the revised offer</Trans>
              ) : (
                <Trans>Yes, send my devices back</Trans>
              )}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={sending}
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
      {failed ? (
        <p className="notice notice--error" role="alert">
          <Trans>We could not send your decision. Check your connection and try again.</Trans>
        </p>
      ) : null}
    </section>
  );
}
