import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getTradeEndpoint, type Trade } from '@tradein/contract';
import {
  type EditionCode,
  formatDate,
  formatMoney,
  getClientEdition,
  payoutBusinessDays,
} from '@tradein/editions/client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../account-gate.tsx';
import type { AccountPaths } from '../account-paths.server.ts';
import {
  ClarificationDecision,
  hasOpenClarification,
  type Decision,
} from './clarification-decision.tsx';
import { SellerPhotos } from '../../seller-photos/seller-photos.tsx';
import { LabelButton } from './label-button.tsx';
import { LoadFailure } from '../load-failure.tsx';
import { middayOf } from '@tradein/editions/client';
import { payoutPromise, type PayoutPromise } from './payout-promise.ts';
import { timelineStepText } from './trade-texts.ts';
import { tradeTimeline } from './trade-timeline.ts';
import { useNow } from './use-now.ts';
import { useRetryableCall } from './use-retryable-call.ts';

/** What the detail of a trade says after a change. */
type DetailNotice = 'accepted' | 'returned' | 'alreadyAnswered';

/**
 * The detail of one trade, loaded when it is opened: timeline, revised offer to decide on,
 * shipping label while the parcel is not with us, payout promise and the offer per device.
 */
export function TradeDetail({
  tradeNumber,
  edition,
  paths,
  focusClarification,
  onClarificationFocused,
  onTradeChanged,
}: {
  tradeNumber: string;
  edition: EditionCode;
  paths: AccountPaths;
  /** The seller came from "needs your attention": move the focus to the revised offer. */
  focusClarification: boolean;
  onClarificationFocused(): void;
  /** The trade changed here (a decision): the trade history is out of date. */
  onTradeChanged(): void;
}) {
  const call = useRetryableCall(`trade:${tradeNumber}`, (api, signal) =>
    api.call(getTradeEndpoint, { params: { tradeNumber }, signal }),
  );
  // The answer of a decision is the trade as it is now; no second call is needed.
  const [decided, setDecided] = useState<Trade | null>(null);
  const [notice, setNotice] = useState<DetailNotice | null>(null);
  const noticeRef = useRef<HTMLOutputElement>(null);
  const now = useNow();
  const clarificationRef = useRef<HTMLHeadingElement>(null);
  const trade = decided ?? (call.status === 'done' ? call.data : null);
  const waitsForDecision = trade !== null && hasOpenClarification(trade);

  useEffect(() => {
    if (notice !== null) noticeRef.current?.focus();
  }, [notice]);

  useEffect(() => {
    if (!focusClarification || trade === null) return;
    if (waitsForDecision) clarificationRef.current?.focus();
    onClarificationFocused();
  }, [focusClarification, trade, waitsForDecision, onClarificationFocused]);

  if (trade === null) {
    if (call.status === 'failed') {
      return (
        <LoadFailure onRetry={call.retry}>
          <Trans>We could not load trade {tradeNumber}. Check your connection and try again.</Trans>
        </LoadFailure>
      );
    }
    return (
      <LoadingBlock>
        <Trans>Loading trade {tradeNumber}…</Trans>
      </LoadingBlock>
    );
  }

  function decidedNow(answered: Trade, decision: Decision) {
    setDecided(answered);
    setNotice(decision === 'accept' ? 'accepted' : 'returned');
    onTradeChanged();
  }

  function answeredElsewhere() {
    setDecided(null);
    setNotice('alreadyAnswered');
    call.reload();
    onTradeChanged();
  }

  return (
    <div className="trade-detail">
      {notice === null ? null : (
        <output
          ref={noticeRef}
          tabIndex={-1}
          className={notice === 'alreadyAnswered' ? 'notice' : 'notice notice--success'}
        >
          <DetailNoticeText notice={notice} trade={trade} edition={edition} />
        </output>
      )}
      <DetailSection title={<Trans>Progress</Trans>}>
        <TradeTimeline trade={trade} edition={edition} now={now} />
      </DetailSection>
      {waitsForDecision ? (
        <ClarificationDecision
          trade={trade}
          edition={edition}
          headingRef={clarificationRef}
          onDecided={decidedNow}
          onAlreadyAnswered={answeredElsewhere}
        />
      ) : null}
      {trade.status === 'created' ? (
        <DetailSection title={<Trans>Shipping label</Trans>}>
          <p>
            <Trans>
              Print the label, stick it on your parcel with the devices and hand the parcel to the
              carrier.
            </Trans>
          </p>
          <LabelButton tradeNumber={trade.tradeNumber} />
        </DetailSection>
      ) : null}
      {trade.status === 'created' ? (
        <SellerPhotos tradeNumber={trade.tradeNumber} lines={trade.items} headingLevel={4} />
      ) : null}
      <DetailSection title={<Trans>Payout</Trans>}>
        <PayoutText trade={trade} edition={edition} paths={paths} now={now} />
        {trade.vatId ? <VatIdLine vatId={trade.vatId} /> : null}
      </DetailSection>
      <DetailSection title={<Trans>Your offer</Trans>}>
        <OfferLines trade={trade} edition={edition} />
      </DetailSection>
    </div>
  );
}

/** The selling company's VAT ID of a business trade, as its credit note names it. */
function VatIdLine({ vatId }: { vatId: string }) {
  return (
    <p>
      <Trans>VAT ID on the credit note: {vatId}</Trans>
    </p>
  );
}

/** One part of a trade's detail, named by its heading. */
function DetailSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="trade-section" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      {children}
    </section>
  );
}

function DetailNoticeText({
  notice,
  trade,
  edition,
}: {
  notice: DetailNotice;
  trade: Trade;
  edition: EditionCode;
}) {
  const total = formatMoney(edition, trade.totalCents);
  switch (notice) {
    case 'accepted':
      return (
        <Trans>
          Thank you: you accepted the revised offer. We pay out {total}; below you see by when.
        </Trans>
      );
    case 'returned':
      return <Trans>We send your devices back to you. The trade ends here.</Trans>;
    case 'alreadyAnswered':
      return (
        <Trans>
          This revised offer was answered already, perhaps in another window. Here is where your
          trade stands now.
        </Trans>
      );
  }
}

/** The steps of a trade: reached with their dates, then those to come. */
function TradeTimeline({ trade, edition, now }: { trade: Trade; edition: EditionCode; now: Date }) {
  const { i18n } = useLingui();
  const steps = tradeTimeline(trade);
  const promise = payoutPromise(trade, getClientEdition(edition).timeZone, now);
  return (
    <ol className="timeline">
      {steps.map((step) => (
        <li
          key={step.name}
          className={`timeline__step timeline__step--${step.state}`}
          data-step={step.name}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__name">{i18n._(timelineStepText[step.name])}</span>{' '}
          <span className="timeline__when">
            <StepWhen
              at={step.at}
              upcoming={step.state === 'upcoming'}
              payout={step.name === 'paid' ? promise : null}
              edition={edition}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

function StepWhen({
  at,
  upcoming,
  payout,
  edition,
}: {
  at: string | null;
  upcoming: boolean;
  payout: PayoutPromise | null;
  edition: EditionCode;
}) {
  if (at !== null) return <time dateTime={at}>{formatDate(edition, at)}</time>;
  if (!upcoming) return null;
  if (payout?.kind === 'due') {
    const dueDate = formatDate(edition, middayOf(payout.dueDay));
    return (
      <>
        <Trans>to come, at the latest on</Trans> <time dateTime={payout.dueDay}>{dueDate}</time>
      </>
    );
  }
  return <Trans>to come</Trans>;
}

/** When the money arrives: the payout promise in the seller's words. */
function PayoutText({
  trade,
  edition,
  paths,
  now,
}: {
  trade: Trade;
  edition: EditionCode;
  paths: AccountPaths;
  now: Date;
}) {
  const promise = payoutPromise(trade, getClientEdition(edition).timeZone, now);
  const days = payoutBusinessDays;
  switch (promise.kind) {
    case 'afterAcceptance':
      return (
        <p>
          {trade.status === 'clarification' ? (
            <Trans>
              Once you accept the revised offer, your money arrives within {days} business days
              (Monday to Friday).
            </Trans>
          ) : (
            <Trans>
              Once your trade is accepted, your money arrives within {days} business days (Monday to
              Friday). A trade is accepted when our check finds what you told us, or when you accept
              a revised offer.
            </Trans>
          )}
        </p>
      );
    case 'due': {
      const dueDate = formatDate(edition, middayOf(promise.dueDay));
      const daysLeft = promise.daysLeft;
      if (daysLeft < 0) {
        return (
          <p className="payout-promise">
            <Trans>
              Your money was due by {dueDate}. We are sorry it is late: please{' '}
              <Link to={paths.contact}>contact us</Link> and we will look into it at once.
            </Trans>
          </p>
        );
      }
      return (
        <dl className="facts-list payout-promise">
          <dt>
            <Trans>Your money arrives by</Trans>
          </dt>
          <dd>
            <time dateTime={promise.dueDay}>{dueDate}</time>,{' '}
            <Plural value={daysLeft} _0="today" _1="tomorrow" other="in # days" />
          </dd>
        </dl>
      );
    }
    case 'paid': {
      const paidDate = formatDate(edition, promise.paidAt);
      return (
        <dl className="facts-list payout-promise">
          <dt>
            <Trans>Paid out on</Trans>
          </dt>
          <dd>
            <time dateTime={promise.paidAt}>{paidDate}</time>
          </dd>
        </dl>
      );
    }
    case 'none':
      return (
        <p>
          <Trans>No payout: this trade ended with your devices sent back to you.</Trans>
        </p>
      );
  }
}

/** The offer per device: price per piece, the revised price after inspection, quantity, totals. */
function OfferLines({ trade, edition }: { trade: Trade; edition: EditionCode }) {
  const money = (cents: number) => formatMoney(edition, cents);
  const total = money(trade.totalCents);
  return (
    <>
      <ul className="offer-lines">
        {trade.items.map((item) => {
          const differing = item.findings.filter((finding) => finding.differs);
          return (
            <li key={item.position}>
              <p className="offer-lines__name">{item.name}</p>
              <dl className="facts-list">
                <dt>
                  <Trans>Quantity</Trans>
                </dt>
                <dd>{item.quantity}</dd>
                <dt>
                  <Trans>Offer per piece</Trans>
                </dt>
                <dd>{money(item.priceCents)}</dd>
                {item.revisedPriceCents === null ? null : (
                  <>
                    <dt>
                      <Trans>After inspection, per piece</Trans>
                    </dt>
                    <dd>{money(item.revisedPriceCents)}</dd>
                  </>
                )}
                <dt>
                  <Trans>Line total</Trans>
                </dt>
                <dd>{money(item.lineTotalCents)}</dd>
              </dl>
              {differing.length === 0 ? null : (
                <ul className="findings">
                  {differing.map((finding) => {
                    const { question, answeredText, foundText } = finding;
                    return (
                      <li key={finding.questionId}>
                        <Trans>
                          {question}: you answered “{answeredText}”, we found “{foundText}”.
                        </Trans>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <dl className="facts-list offer-total">
        {trade.voucher === null ? null : (
          <VoucherLine code={trade.voucher.code} bonus={money(trade.voucher.bonusCents)} />
        )}
        <dt>
          <Trans>Total payout</Trans>
        </dt>
        <dd>
          <strong>{total}</strong>
        </dd>
      </dl>
    </>
  );
}

function VoucherLine({ code, bonus }: { code: string; bonus: string }) {
  return (
    <>
      <dt>
        <Trans>Voucher {code}</Trans>
      </dt>
      <dd>+{bonus}</dd>
    </>
  );
}
