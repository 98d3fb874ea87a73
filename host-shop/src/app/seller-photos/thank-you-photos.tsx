import { useStore } from '@nanostores/react';
import { $account } from '@tradein/client-core';
import { getTradeEndpoint, type Trade } from '@tradein/contract';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { accountApi } from '../account/account-api.ts';
import { useHydrated } from '../account/use-hydrated.ts';
import { historyStep } from '../sell-flow/flow-step.ts';
import { SellerPhotos } from './seller-photos.tsx';

/**
 * The seller's photos below the widget's thank-you step: the trade number comes from the step
 * the widget announced (kept in the history entry, so also after a reload), the token from the
 * account store (the customer's, or this tab's guest session of the checkout). Without either,
 * or once the parcel is on its way, nothing is shown: the account has the trade too.
 */
export function ThankYouPhotos() {
  const location = useLocation();
  const hydrated = useHydrated();
  const step = historyStep(location.state);
  const tradeNumber =
    step?.screen === 'thank-you' && typeof step['tradeNumber'] === 'string'
      ? step['tradeNumber']
      : null;
  if (!hydrated || tradeNumber === null) return null;
  return <TradePhotos tradeNumber={tradeNumber} />;
}

function TradePhotos({ tradeNumber }: { tradeNumber: string }) {
  const account = useStore($account);
  const hasSession = account.isLoggedIn || account.isGuest === true;
  const [loaded, setLoaded] = useState<Trade | null>(null);
  // A trade loaded for an earlier step or session is not shown for this one.
  const trade = hasSession && loaded?.tradeNumber === tradeNumber ? loaded : null;

  useEffect(() => {
    if (!hasSession) return undefined;
    const controller = new AbortController();
    accountApi()
      .call(getTradeEndpoint, { params: { tradeNumber }, signal: controller.signal })
      .then(
        (answer) => {
          if (!controller.signal.aborted) setLoaded(answer);
        },
        () => {
          // Not this session's trade, or no answer: the page stays as the widget drew it.
        },
      );
    return () => controller.abort();
  }, [tradeNumber, hasSession]);

  if (trade === null || trade.status !== 'created') return null;
  return (
    <div className="thank-you-photos">
      <SellerPhotos tradeNumber={trade.tradeNumber} lines={trade.items} headingLevel={2} />
    </div>
  );
}
