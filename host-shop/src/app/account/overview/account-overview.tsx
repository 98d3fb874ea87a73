import { Trans } from '@lingui/react/macro';
import { getTradeHistoryEndpoint } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions/client';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingBlock, type LoggedInAccount } from '../account-gate.tsx';
import type { AccountPaths } from '../account-paths.server.ts';
import { LoadFailure } from '../load-failure.tsx';
import { NeedsAttention } from './needs-attention.tsx';
import { TradeHistory, type TradeHistoryControls } from './trade-history.tsx';
import { attentionItems, newestFirst } from './trades-overview.ts';
import { useRetryableCall } from './use-retryable-call.ts';

/** The overview of a logged-in customer: greeting, what needs attention, the trades. */
export function AccountOverview({
  account,
  edition,
  paths,
}: {
  account: LoggedInAccount;
  edition: EditionCode;
  paths: AccountPaths;
}) {
  const firstName = account.customerData?.firstName ?? '';
  return (
    <>
      <h1>{firstName === '' ? <Trans>Hello</Trans> : <Trans>Hello {firstName}</Trans>}</h1>
      <p className="lead">
        <Trans>Here you follow your trades and see what you can do next.</Trans>
      </p>
      <Trades key={account.customerId} edition={edition} paths={paths} />
    </>
  );
}

/** The trade history with what needs attention, from one call of the history. */
function Trades({ edition, paths }: { edition: EditionCode; paths: AccountPaths }) {
  const history = useRetryableCall('trade-history', (api, signal) =>
    api.call(getTradeHistoryEndpoint, { signal }),
  );
  const [openTrades, setOpenTrades] = useState<ReadonlySet<string>>(() => new Set());
  const [focusRequest, setFocusRequest] = useState<string | null>(null);
  const { reload } = history;
  const onClarificationFocused = useCallback(() => setFocusRequest(null), []);
  const controls = useMemo<TradeHistoryControls>(
    () => ({
      isOpen: (tradeNumber) => openTrades.has(tradeNumber),
      toggle: (tradeNumber) =>
        setOpenTrades((open) => {
          const next = new Set(open);
          if (!next.delete(tradeNumber)) next.add(tradeNumber);
          return next;
        }),
      focusRequest,
      onClarificationFocused,
      onTradeChanged: reload,
    }),
    [openTrades, focusRequest, onClarificationFocused, reload],
  );
  const review = useCallback((tradeNumber: string) => {
    setOpenTrades((open) => new Set(open).add(tradeNumber));
    setFocusRequest(tradeNumber);
  }, []);

  if (history.status === 'loading') {
    return (
      <>
        <OverviewSection id="attention" title={<Trans>Needs your attention</Trans>}>
          <LoadingBlock>
            <Trans>Loading what needs your attention…</Trans>
          </LoadingBlock>
        </OverviewSection>
        <OverviewSection id="trades" title={<Trans>Your trades</Trans>}>
          <LoadingBlock>
            <Trans>Loading your trades…</Trans>
          </LoadingBlock>
        </OverviewSection>
      </>
    );
  }
  if (history.status === 'failed') {
    return (
      <OverviewSection id="trades" title={<Trans>Your trades</Trans>}>
        <LoadFailure onRetry={history.retry}>
          <Trans>
            We could not load your trades. Check your connection and try again in a moment.
          </Trans>
        </LoadFailure>
      </OverviewSection>
    );
  }
  const trades = newestFirst(history.data);
  return (
    <>
      <OverviewSection id="attention" title={<Trans>Needs your attention</Trans>}>
        <NeedsAttention items={attentionItems(trades)} onReview={review} />
      </OverviewSection>
      <OverviewSection id="trades" title={<Trans>Your trades</Trans>}>
        {trades.length === 0 ? (
          <div className="empty-state">
            <p>
              <Trans>
                You have not sold anything yet. Find out what your old phone, tablet or laptop is
                worth: it takes a minute, and the offer is fixed.
              </Trans>
            </p>
            <Link to={paths.home} className="button">
              <Trans>Sell a device</Trans>
            </Link>
          </div>
        ) : (
          <TradeHistory trades={trades} edition={edition} paths={paths} controls={controls} />
        )}
      </OverviewSection>
    </>
  );
}

/** A part of the overview with its heading (`<id>-heading`), named by it; styled by its id. */
function OverviewSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`account-section account-section--${id}`}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
