import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $checkout, lineAmount } from '@tradein/client-core';
import { checkVatId, normalizeVatId } from '@tradein/contract';
import { formatMoney, type EditionCode } from '@tradein/editions/client';
import { Button } from '../../shared/button.tsx';
import { changeAnswersStep, DeviceConditions, deviceTitle } from '../../shared/device-summary.tsx';
import type { Flow } from '../../shared/flow.ts';
import type { CheckoutStore } from './checkout-store.ts';

/**
 * Who sells in a business sale, as the trade and its credit note will name it: the company and
 * the VAT ID once it is valid (until then, or without one, "not given").
 */
function BusinessSeller({ store }: { store: CheckoutStore }) {
  const { company, vatId: typed } = useStore(store.$values);
  const vatId = normalizeVatId(typed);
  const valid = vatId !== '' && checkVatId(vatId).problem === undefined;
  return (
    <dl className="checkout-summary-seller">
      <dt>
        <Trans>Company</Trans>
      </dt>
      <dd>{company.trim() === '' ? <Trans>not given</Trans> : company.trim()}</dd>
      <dt>
        <Trans>VAT ID</Trans>
      </dt>
      <dd>{valid ? vatId : <Trans>not given</Trans>}</dd>
    </dl>
  );
}

/**
 * What the seller is selling, above the form: each device, its answers and its amount; in a
 * business sale (`business`), the selling company and its VAT ID as well.
 */
export function CheckoutSummary({
  edition,
  flow,
  business,
}: {
  edition: EditionCode;
  flow: Flow;
  /** The checkout whose company and VAT ID to show; only in a business sale. */
  business?: CheckoutStore | undefined;
}) {
  const { t } = useLingui();
  const lines = useStore($checkout).cart;
  return (
    <section className="checkout-summary" aria-labelledby="tradein-checkout-summary-heading">
      <h3 className="checkout-legend" id="tradein-checkout-summary-heading">
        <Trans>What you sell</Trans>
      </h3>
      <ul className="checkout-summary-lines">
        {lines.map((line) => {
          const name = deviceTitle(line.name, line.variant);
          const change = changeAnswersStep(line);
          return (
            <li key={line.offerId} className="checkout-summary-line">
              <span className="checkout-summary-name">
                {line.quantity > 1 ? `${line.quantity} × ${name}` : name}
              </span>
              <span className="checkout-summary-amount">
                {formatMoney(edition, lineAmount(line.price, line.quantity))}
              </span>
              <div className="checkout-summary-details">
                <DeviceConditions
                  conditions={line.conditions}
                  label={<Trans>Your answers</Trans>}
                />
                {change === undefined ? null : (
                  <Button
                    variant="link"
                    aria-label={t`Change answers for ${name}`}
                    onClick={() => flow.go(change)}
                  >
                    <Trans>Change answers</Trans>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {business === undefined ? null : <BusinessSeller store={business} />}
    </section>
  );
}
