import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { payoutBusinessDays } from '@tradein/editions/client';

/** Why sellers may trust the shop: payout time, free shipping, data erasure. */
export function TrustStrip() {
  const { t } = useLingui();
  return (
    <ul className="trust-strip" aria-label={t`Our promise`}>
      <li>
        <strong>
          <Plural
            value={payoutBusinessDays}
            one="Paid within # working day"
            other="Paid within # working days"
          />
        </strong>
        <span>
          <Trans>after we received and checked your device</Trans>
        </span>
      </li>
      <li>
        <strong>
          <Trans>Free shipping</Trans>
        </strong>
        <span>
          <Trans>with a prepaid label for your parcel</Trans>
        </span>
      </li>
      <li>
        <strong>
          <Trans>Certified data erasure</Trans>
        </strong>
        <span>
          <Trans>of every device we receive</Trans>
        </span>
      </li>
    </ul>
  );
}
