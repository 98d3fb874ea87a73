import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { b2bTradeCapCents, formatDate, formatMoney, isB2BMode } from '@tradein/editions/client';
import { useMemo } from 'react';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { createCartStore, type CartNotice } from './cart-store.ts';
import { Button } from '../../shared/button.tsx';
import { DeviceConditions } from '../../shared/device-summary.tsx';

/** The cart (flow step `cart`): lines with quantity steppers, the total and the way on. */
export function CartScreen() {
  const { config, flow } = useWidgetServices();
  const { t } = useLingui();
  const store = useMemo(() => createCartStore(), []);
  const lines = useStore(store.$lines);
  const totalCents = useStore(store.$totalCents);
  const expiresAt = useStore(store.$expiresAt);
  const notice = useStore(store.$notice);
  const money = (cents: number) => formatMoney(config.edition, cents);
  const searchAgain = () => flow.go({ screen: 'search' });
  const cap = money(b2bTradeCapCents);

  return (
    <section className="root" part="root" aria-labelledby="tradein-cart-heading">
      <h2 className="heading" part="heading" id="tradein-cart-heading">
        <Trans>Your cart</Trans>
      </h2>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>
            <Trans>Your cart is empty.</Trans>
          </p>
          <Button variant="primary" onClick={searchAgain}>
            <Trans>Find a device to sell</Trans>
          </Button>
        </div>
      ) : (
        <>
          <ul className="cart-lines" part="cart-lines">
            {lines.map((line) => (
              <li key={line.offerId} className="cart-line">
                <span className="cart-line-name">{line.name}</span>
                {line.conditions.length === 0 ? null : (
                  <div className="cart-line-conditions">
                    <DeviceConditions
                      conditions={line.conditions}
                      label={<Trans>Your answers</Trans>}
                    />
                  </div>
                )}
                <div className="cart-stepper">
                  <Button
                    className="cart-step"
                    aria-label={t`One less ${line.name}`}
                    disabled={line.quantity <= 1}
                    onClick={() => store.decrease(line.offerId)}
                  >
                    −
                  </Button>
                  <span className="cart-quantity" aria-live="polite">
                    {line.quantity}
                  </span>
                  <Button
                    className="cart-step"
                    aria-label={t`One more ${line.name}`}
                    disabled={!line.canIncrease}
                    onClick={() => store.increase(line.offerId)}
                  >
                    +
                  </Button>
                </div>
                <span className="cart-amount">{money(line.amountCents)}</span>
                <div className="cart-line-actions">
                  {line.changeAnswers === undefined ? null : (
                    <Button
                      variant="link"
                      aria-label={t`Change answers for ${line.name}`}
                      onClick={() => {
                        if (line.changeAnswers !== undefined) flow.go(line.changeAnswers);
                      }}
                    >
                      <Trans>Change answers</Trans>
                    </Button>
                  )}
                  <Button
                    variant="link"
                    aria-label={t`Remove ${line.name}`}
                    onClick={() => store.remove(line.offerId)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <p className="cart-total">
            <span>
              <Trans>Total</Trans>
            </span>{' '}
            <strong className="cart-total-amount">{money(totalCents)}</strong>
          </p>
          {expiresAt !== null && (
            <p className="hint">
              <Trans>Your offers are valid until {formatDate(config.edition, expiresAt)}.</Trans>
            </p>
          )}
          {isB2BMode(config.mode) && (
            <p className="hint">
              <Trans>
                Business sales may total at most {cap} within 30 days: the payouts of all business
                trades with the same e-mail address in the last 30 days count together, the new
                trade included; trades sent back do not count.
              </Trans>
            </p>
          )}
        </>
      )}
      {/* Always present, so a refused change is announced and the layout does not jump. */}
      <div className="cart-notice" role="alert">
        {notice !== null && <NoticeText notice={notice} edition={config.edition} />}
      </div>
      {lines.length > 0 && (
        <div className="flow-actions">
          <Button variant="primary" onClick={() => flow.go({ screen: 'checkout' })}>
            <Trans>To checkout</Trans>
          </Button>
          <Button onClick={searchAgain}>
            <Trans>Sell another device</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

function NoticeText({
  notice,
  edition,
}: {
  notice: CartNotice;
  edition: Parameters<typeof formatMoney>[0];
}) {
  if (notice.kind === 'cap') {
    const cap = formatMoney(edition, notice.capCents);
    return (
      <p className="alert">
        <Trans>
          Business sales may total at most {cap} within 30 days: the payouts of all business trades
          with the same e-mail address in the last 30 days count together, the new trade included;
          trades sent back do not count.
        </Trans>{' '}
        <Trans>This cart alone would be worth more, so the quantity was not changed.</Trans>
      </p>
    );
  }
  return (
    <p className="alert">
      <Trans>This change is not possible. Reload the page and try again.</Trans>
    </p>
  );
}
