import { LoadFailure } from '../load-failure.tsx';
import { Trans } from '@lingui/react/macro';
import { getCustomerEndpoint } from '@tradein/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../account-gate.tsx';
import { useAccountCall } from '../use-account-call.ts';
import type { SectionProps } from './account-management.tsx';

/**
 * Who the customer is: name, e-mail address (the login) and customer number, read-only. The
 * e-mail address changes only through the service team, which checks the new one is the
 * customer's; the section says how.
 */
export function PersonalSection({ account, paths }: SectionProps) {
  const headingId = `${useId()}-heading`;
  const call = useAccountCall(`customer:${account.customerId}`, (api, signal) =>
    api.call(getCustomerEndpoint, { signal }),
  );
  // The session keeps the customer it loaded at login: shown at once, replaced by the fresh one.
  const customer = call.status === 'done' ? call.data : account.customerData;
  return (
    <section id="personal-details" className="account-data" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Personal details</Trans>
      </h2>
      {customer === null ? (
        call.status === 'failed' ? (
          <LoadFailure onRetry={call.reload}>
            <Trans>We could not load your details.</Trans>
          </LoadFailure>
        ) : (
          <LoadingBlock>
            <Trans>Loading your details…</Trans>
          </LoadingBlock>
        )
      ) : (
        <dl className="account-data__facts">
          <dt>
            <Trans>Name</Trans>
          </dt>
          <dd>
            {customer.firstName} {customer.lastName}
            {customer.company === null || customer.company === '' ? null : (
              <>
                <br />
                {customer.company}
              </>
            )}
          </dd>
          <dt>
            <Trans>E-mail address</Trans>
          </dt>
          <dd>{customer.email}</dd>
          <dt>
            <Trans>Customer number</Trans>
          </dt>
          <dd>{customer.customerNumber}</dd>
        </dl>
      )}
      <p>
        <Trans>
          Your e-mail address is also your login. To change it, please{' '}
          <Link to={paths.contact}>write to our service team</Link> from your current address and
          name the new one.
        </Trans>
      </p>
    </section>
  );
}
