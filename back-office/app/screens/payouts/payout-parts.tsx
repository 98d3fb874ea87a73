import { Trans } from '@lingui/react/macro';
import type { PayoutBatchSummary, PayoutPayee } from '@tradein/contract';
import { Pager } from '../../components/pager.tsx';

/*
 * Pieces the payouts screens share: who is paid, a batch's method and state in words, and the
 * pager of a list whose page lives in the URL.
 */

/** Where the money goes: the account holder and the masked IBAN, or the PayPal address. */
export function Payee({ payee }: { payee: PayoutPayee }) {
  if (payee.method === 'paypal') {
    return (
      <>
        <Trans>PayPal</Trans>
        <br />
        <span className="payouts__payee">{payee.email}</span>
      </>
    );
  }
  return (
    <>
      {payee.accountHolder}
      <br />
      <span className="payouts__payee">{payee.ibanMasked}</span>
    </>
  );
}

/** A batch's method in words. */
export function MethodName({ method }: { method: 'sepa' | 'paypal' }) {
  return method === 'sepa' ? <Trans>SEPA transfer</Trans> : <Trans>PayPal</Trans>;
}

/** A batch's state in words, marked by a badge. */
export function BatchState({ state }: { state: PayoutBatchSummary['state'] }) {
  switch (state) {
    case 'open':
      return (
        <span className="payouts-badge payouts-badge--open">
          <Trans>Open</Trans>
        </span>
      );
    case 'confirmed':
      return (
        <span className="payouts-badge payouts-badge--ok">
          <Trans>Paid</Trans>
        </span>
      );
    case 'cancelled':
      return (
        <span className="payouts-badge">
          <Trans>Cancelled</Trans>
        </span>
      );
  }
}

/** The path of a list's page with the same filters. */
function pageHref(
  path: string,
  filters: Readonly<Record<string, string | undefined>>,
  page: number,
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Previous and next page of a list, and where the list stands. */
export function PayoutsPager({
  path,
  filters,
  list: { page, pageSize, total },
}: {
  path: string;
  filters: Readonly<Record<string, string | undefined>>;
  list: { page: number; pageSize: number; total: number };
}) {
  return (
    <Pager
      page={page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
      hrefOf={(to) => pageHref(path, filters, to)}
      className="payouts-pager"
    />
  );
}
