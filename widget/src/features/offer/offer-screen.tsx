import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { formatDate, formatMoney } from '@tradein/editions/client';
import type { Offer } from '@tradein/contract';
import { useMemo } from 'react';
import { dispatchWidgetEvent } from '../../shared/widget-events.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { createOfferStore, type OfferStore } from './offer-store.ts';
import { apiErrorCode } from '@tradein/contract';
import { Button } from '../../shared/button.tsx';
import { StatusView, useLoad } from '../../shared/status-view.tsx';

const headingId = 'tradein-offer-heading';

/** The stored offer: its price, how long it holds, and the way into the cart. */
export function OfferScreen({ offerId, deviceName }: { offerId: string; deviceName?: string }) {
  const { api, config, tracker } = useWidgetServices();
  const store = useMemo(
    () => createOfferStore({ api, offerId, deviceName, shopMode: config.mode, tracker }),
    [api, config, offerId, deviceName, tracker],
  );
  const load = useLoad(store);

  if (load.status !== 'ready') {
    return (
      <StatusView
        className="offer"
        status={load.status}
        loading={<Trans>Loading your offer…</Trans>}
        skeleton={
          <>
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-price" />
            <div className="skeleton skeleton-line" />
          </>
        }
        failed={<Trans>Your offer could not be loaded.</Trans>}
        onRetry={() => void store.load()}
        notFound={<Trans>This offer does not exist.</Trans>}
      />
    );
  }
  return <OfferDetails store={store} offer={load.offer} />;
}

function Countdown({ store }: { store: OfferStore }) {
  const countdown = store.countdown();
  if (countdown === undefined) return null;
  switch (countdown.unit) {
    case 'expired':
      return <Trans>This offer has expired. Answer the questions again for a new one.</Trans>;
    case 'days':
      return <Plural value={countdown.value} one="# day left" other="# days left" />;
    case 'hours':
      return <Plural value={countdown.value} one="# hour left" other="# hours left" />;
  }
}

function OfferDetails({ store, offer }: { store: OfferStore; offer: Offer }) {
  const { config, flow, host } = useWidgetServices();
  const { t } = useLingui();
  const cart = useStore(store.$cart);
  const price = formatMoney(config.edition, offer.priceCents);
  const validUntil = formatDate(config.edition, offer.validUntil);
  const expired = store.countdown()?.unit === 'expired';
  const cap =
    cart.status === 'refused' && cart.error.code === apiErrorCode.b2bCapExceeded
      ? formatMoney(config.edition, cart.error.capCents)
      : undefined;

  const add = () => {
    const added = store.addToCart(t`Device ${offer.deviceId}`);
    if (added === undefined) return;
    if (host !== undefined) {
      dispatchWidgetEvent(host, 'tradein:add-to-cart', {
        offerId: added.offerId,
        deviceId: added.deviceId,
        priceCents: added.priceCents,
        currency: added.currency,
        quantity: 1,
      });
    }
    flow.go({ screen: 'cart' });
  };

  return (
    <section className="root offer" part="root" aria-labelledby={headingId}>
      <h2 className="heading" part="heading" id={headingId}>
        {offer.recycling ? <Trans>Your recycling offer</Trans> : <Trans>Your offer</Trans>}
      </h2>
      <p className="offer-price" part="price">
        {price}
      </p>
      {offer.recycling ? (
        <p className="offer-recycling" part="hint">
          <Trans>
            You told us the device does not work. We cannot resell it, so we pay the recycling price
            and make sure it is recycled properly and its data erased.
          </Trans>
        </p>
      ) : null}
      <p className="offer-validity">
        <Trans>Valid until {validUntil}</Trans>{' '}
        <span className="offer-countdown">
          (<Countdown store={store} />)
        </span>
      </p>
      {cart.status === 'refused' ? (
        <div className="alert" part="alert" role="alert">
          {cap === undefined ? (
            <Trans>This offer could not be added to the cart. Please get a new offer.</Trans>
          ) : (
            <Trans>
              A business trade may be worth at most {cap}. Remove devices from the cart or lower
              their quantity before adding this one.
            </Trans>
          )}
        </div>
      ) : null}
      <div className="actions">
        <Button onClick={() => flow.replace({ screen: 'search' })}>
          <Trans>Sell another device</Trans>
        </Button>
        <Button variant="primary" disabled={expired} onClick={add}>
          <Trans>Add to cart</Trans>
        </Button>
      </div>
    </section>
  );
}
