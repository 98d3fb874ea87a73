import { Trans, useLingui } from '@lingui/react/macro';
import type { TradeHistoryEntry } from '@tradein/contract';
import { formatDate, formatMoney, type EditionCode } from '@tradein/editions/client';
import { useState } from 'react';
import type { AccountPaths } from '../account-paths.server.ts';
import { TradeDetail } from './trade-detail.tsx';
import { tradeStatusText } from './trade-texts.ts';

/** The id of a trade's detail panel, which its disclosure button controls. */
function tradeDetailId(tradeNumber: string): string {
  return `trade-${tradeNumber}-detail`;
}

/** What the trade history needs from the overview: which details are open, and the focus. */
export interface TradeHistoryControls {
  isOpen(tradeNumber: string): boolean;
  toggle(tradeNumber: string): void;
  /** The trade whose revised offer should take the focus once its detail is drawn. */
  focusRequest: string | null;
  onClarificationFocused(): void;
  /** A trade changed in its detail: the history is loaded again. */
  onTradeChanged(): void;
}

/** The seller's trades, newest first, each opening to its detail. */
export function TradeHistory({
  trades,
  edition,
  paths,
  controls,
}: {
  trades: readonly TradeHistoryEntry[];
  edition: EditionCode;
  paths: AccountPaths;
  controls: TradeHistoryControls;
}) {
  return (
    <ul className="trade-list">
      {trades.map((trade) => (
        <TradeEntry
          key={trade.tradeNumber}
          trade={trade}
          edition={edition}
          paths={paths}
          controls={controls}
        />
      ))}
    </ul>
  );
}

function TradeEntry({
  trade,
  edition,
  paths,
  controls,
}: {
  trade: TradeHistoryEntry;
  edition: EditionCode;
  paths: AccountPaths;
  controls: TradeHistoryControls;
}) {
  const { i18n } = useLingui();
  const { tradeNumber } = trade;
  const open = controls.isOpen(tradeNumber);
  // Once loaded, a detail stays while it is closed, so opening it again shows it at once.
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  const detailId = tradeDetailId(tradeNumber);
  const date = formatDate(edition, trade.createdAt);
  return (
    <li className="trade-card" id={`trade-${tradeNumber}`}>
      <h3 className="trade-card__title">
        <span className="visually-hidden">
          <Trans>Trade</Trans>{' '}
        </span>
        {tradeNumber}
      </h3>
      <dl className="facts-list">
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>
          <time dateTime={trade.createdAt}>{date}</time>
        </dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{i18n._(tradeStatusText[trade.status])}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{formatMoney(edition, trade.total)}</dd>
        <dt>
          <Trans>Devices</Trans>
        </dt>
        <dd>
          <ul className="device-list">
            {trade.devices.map((device) => (
              <li key={device.offerId}>
                {device.quantity} × {device.name}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <button
        type="button"
        className="button button--secondary disclosure"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => controls.toggle(tradeNumber)}
      >
        <Trans>
          Details <span className="visually-hidden">of trade {tradeNumber}</span>
        </Trans>
      </button>
      <div id={detailId} className="trade-card__detail" hidden={!open}>
        {drawn ? (
          <TradeDetail
            tradeNumber={tradeNumber}
            edition={edition}
            paths={paths}
            focusClarification={controls.focusRequest === tradeNumber}
            onClarificationFocused={controls.onClarificationFocused}
            onTradeChanged={controls.onTradeChanged}
          />
        ) : null}
      </div>
    </li>
  );
}
