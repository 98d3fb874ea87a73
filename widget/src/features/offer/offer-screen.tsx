import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { formatDate, formatMoney } from '@tradein/editions/client';
import type { Offer } from '@tradein/contract';
import { useMemo } from 'react';
import { dispatchWidgetEvent } from '../../shared/widget-events.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { createOfferStore, type OfferDevice, type OfferStore } from './offer-store.ts';
import { apiErrorCode } from '@tradein/contract';
import { Button } from '../../shared/button.tsx';
import { cartNewsOf } from '../../shared/cart-news.ts';
import { DeviceConditions } from '../../shared/device-summary.tsx';
import { StatusView, useLoad } from '../../shared/status-view.tsx';

const headingId = 'tradein-offer-heading';

/** What the offer step carries (the flow's offer step). */
export interface OfferScreenProps {
  offerId: string;
  deviceUrl: string;
  deviceName?: string | undefined;
  /** The cart line this offer takes the place of (the seller changed its answers). */
  replacesOfferId?: string | undefined;
}

/** The stored offer: the device and answers, its price, how long it holds, the way on. */
export function OfferScreen({ offerId, deviceUrl, deviceName, replacesOfferId }: OfferScreenProps) {
  const { api, config, tracker } = useWidgetServices();
  const store = useMemo(
    () =>
      createOfferStore({
        api,
        offerId,
        edition: config.edition,
        deviceUrl,
        replacesOfferId,
        deviceName,
        shopMode: config.mode,
        tracker,
      }),
    [api, config, offerId, deviceUrl, replacesOfferId, deviceName, tracker],
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
  return <OfferDetails store={store} offer={load.offer} device={load.device} />;
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

function OfferDetails({
  store,
  offer,
  device,
}: {
  store: OfferStore;
  offer: Offer;
  device: OfferDevice;
}) {
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

  const fallbackName = t`Device ${offer.deviceId}`;
  const replacing = store.replacesCartLine();
  const announceAdded = () => {
    if (host === undefined) return;
    dispatchWidgetEvent(host, 'tradein:add-to-cart', {
      offerId: offer.offerId,
      deviceId: offer.deviceId,
      priceCents: offer.priceCents,
      currency: offer.currency,
      quantity: 1,
    });
  };
  // An offer already in the cart (the seller came back to it) is not added a second time.
  const add = () => {
    const kept = store.keepInCart(fallbackName);
    if (kept === undefined) return;
    if (kept.added) announceAdded();
    flow.go({ screen: 'cart' });
  };
  // Another device must not cost this offer: it stays in the cart, and the search says so.
  const sellAnother = () => {
    const kept = expired ? undefined : store.keepInCart(fallbackName);
    // Refused (the B2B cap): the seller stays and reads why.
    if (kept === undefined && !expired) return;
    if (kept?.added === true) announceAdded();
    flow.replace({ screen: 'search' });
    if (kept !== undefined) cartNewsOf(flow).tell({ name: kept.name, count: kept.count });
  };
  const changeAnswers = () => {
    const step = store.changeAnswersStep();
    if (step !== undefined) flow.go(step);
  };
  const title = device.name ?? fallbackName;

  return (
    <section className="root offer" part="root" aria-labelledby={headingId}>
      <h2 className="heading" part="heading" id={headingId}>
        {offer.recycling ? <Trans>Your recycling offer</Trans> : <Trans>Your offer</Trans>}
      </h2>
      <p className="offer-device">{title}</p>
      {replacing ? (
        <p className="offer-updated">
          <Trans>
            Your answers were updated. This offer takes the place of the earlier one in your cart.
          </Trans>
        </p>
      ) : null}
      <p className="offer-price" part="price">
        {price}
      </p>
      <DeviceConditions conditions={device.conditions} label={<Trans>Your answers</Trans>} />
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
            <>
              <Trans>
                Business sales may total at most {cap} within 30 days: the payouts of all business
                trades with the same e-mail address in the last 30 days count together, the new
                trade included; trades sent back do not count.
              </Trans>{' '}
              <Trans>
                With this device the cart alone would be worth more: remove devices from the cart or
                lower their quantity before adding this one.
              </Trans>
            </>
          )}
        </div>
      ) : null}
      <div className="actions">
        <Button onClick={sellAnother}>
          <Trans>Sell another device</Trans>
        </Button>
        <Button onClick={changeAnswers}>
          <Trans>Change answers</Trans>
        </Button>
        <Button variant="primary" disabled={expired} onClick={add}>
          {replacing ? <Trans>Update the cart</Trans> : <Trans>Add to cart</Trans>}
        </Button>
      </div>
    </section>
  );
}
