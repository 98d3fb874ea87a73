import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { opsTradeDetailEndpoint, tradeNumberSchema, type OpsTradeLine } from '@tradein/contract';
import { data, Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { ScrollRegion } from '../../components/scroll-table.tsx';
import { formatCents, formatMoment } from '../../format.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { hasRole } from '../../staff-session.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import { statusLabels } from '../../trade-status.ts';
import { modeLabels } from './trade-labels.ts';
import type { Route } from './+types/trade';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.tradeNumber} · tradein back office` },
];

/** One trade: its header, lines with photos and inspection, and its timeline. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin', 'inspector', 'payouts']);
  const tradeNumber = tradeNumberSchema.safeParse(params.tradeNumber);
  if (!tradeNumber.success) throw data(null, { status: 404 });
  const answer = await callOps(context, request, opsTradeDetailEndpoint, {
    params: { tradeNumber: tradeNumber.data },
  });
  if (!answer.ok) throw data(null, { status: answer.status });
  return answer.data;
}

/** Where a line's revised offer stands, in words. */
const revisionLabels: Record<NonNullable<OpsTradeLine['revision']>['state'], MessageDescriptor> = {
  open: msg`waiting for the seller`,
  accepted: msg`accepted by the seller`,
  returned: msg`seller wants it back`,
  up: msg`raised`,
};

/** The photo thumbnails of a line: each links to the full photo. */
function Photos({
  tradeNumber,
  line,
  kind,
}: {
  tradeNumber: string;
  line: OpsTradeLine;
  kind: 'seller' | 'inspection';
}) {
  const { t } = useLingui();
  const photos = kind === 'seller' ? line.sellerPhotos : line.inspectionPhotos;
  if (photos.length === 0) return <span className="muted">–</span>;
  return (
    <ul className="trade-photos">
      {photos.map((photo, index) => {
        const href = `/trades/${tradeNumber}/photos/${kind}/${line.position}/${photo.id}`;
        const number = index + 1;
        const label =
          kind === 'seller'
            ? t`Seller's photo ${number} of ${line.name}`
            : t`Inspection photo ${number} of ${line.name}`;
        return (
          <li key={photo.id}>
            <a href={href} aria-label={label}>
              <img src={href} alt="" width={96} height={96} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export default function Trade({ loaderData: trade }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { staff } = useStaffSession();
  const devices = trade.lines.reduce((sum, line) => sum + line.quantity, 0);
  const payoutMethod = trade.payout.method === 'sepa' ? t`Bank transfer (SEPA)` : 'PayPal';
  return (
    <>
      <p>
        <Link to="/trades">
          <Trans>All trades</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Trade {trade.tradeNumber}</Trans>
      </h1>
      <p className="trade-status">
        <span className="trade-status__badge">{i18n._(statusLabels[trade.status])}</span>
        {hasRole(staff, ['admin']) ? (
          <Link to={`/audit?subjectType=trade&subjectId=${encodeURIComponent(trade.tradeNumber)}`}>
            <Trans>Audit log of this trade</Trans>
          </Link>
        ) : null}
      </p>
      <div className="trade-page">
        <section aria-labelledby="trade-facts" className="panel">
          <h2 id="trade-facts">
            <Trans>Trade</Trans>
          </h2>
          <dl className="facts">
            <dt>
              <Trans>Customer</Trans>
            </dt>
            <dd>
              {trade.customer === null ? (
                <span className="muted">
                  <Trans>Customer deleted</Trans>
                </span>
              ) : (
                <>
                  {trade.customer.firstName} {trade.customer.lastName}
                  <br />
                  {trade.customer.email}
                </>
              )}
            </dd>
            <dt>
              <Trans>Edition</Trans>
            </dt>
            <dd>{trade.edition.toUpperCase()}</dd>
            <dt>
              <Trans>Shop mode</Trans>
            </dt>
            <dd>{i18n._(modeLabels[trade.shopMode])}</dd>
            <dt>
              <Trans>Partner</Trans>
            </dt>
            <dd>{trade.partner ?? '–'}</dd>
            <dt>
              <Trans>Checkout</Trans>
            </dt>
            <dd>{formatMoment(trade.createdAt, locale)}</dd>
            <dt>
              <Trans>Payout</Trans>
            </dt>
            <dd>
              {payoutMethod}: {trade.payout.summary}
            </dd>
            <dt>
              <Trans>Devices</Trans>
            </dt>
            <dd>{devices}</dd>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{formatCents(trade.totalCents, locale)}</dd>
            {trade.voucherBonusCents > 0 ? (
              <>
                <dt>
                  <Trans>Voucher bonus</Trans>
                </dt>
                <dd>{formatCents(trade.voucherBonusCents, locale)}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="trade-timeline" className="panel">
          <h2 id="trade-timeline">
            <Trans>Timeline</Trans>
          </h2>
          <ol className="timeline">
            {trade.events.map((event, index) => (
              <li key={`${event.status}-${event.at}-${index}`}>
                <strong>{i18n._(statusLabels[event.status])}</strong>{' '}
                <time dateTime={event.at}>{formatMoment(event.at, locale)}</time>
                {event.note === null ? null : <p className="muted">{event.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <h2 id="trade-devices">
        <Trans>Devices</Trans>
      </h2>
      <ScrollRegion labelledBy="trade-devices">
        <DataTable
          captionHidden
          caption={<Trans>Devices of trade {trade.tradeNumber}</Trans>}
          columns={[
            { label: <Trans>Device</Trans> },
            { label: <Trans>Quantity</Trans>, number: true },
            { label: <Trans>Offer price</Trans>, number: true },
            { label: <Trans>Revised price</Trans> },
            { label: <Trans>Seller's photos</Trans> },
            { label: <Trans>Inspection</Trans> },
          ]}
        >
          {trade.lines.map((line) => (
            <tr key={line.position}>
              <th scope="row">
                {line.position}. {line.name}
              </th>
              <td className="number">{line.quantity}</td>
              <td className="number">{formatCents(line.priceCents, locale)}</td>
              <td>
                {line.revisedPriceCents === null ? (
                  <span className="muted">
                    <Trans>not revised</Trans>
                  </span>
                ) : (
                  formatCents(line.revisedPriceCents, locale)
                )}
                {line.revision === null ? null : (
                  <>
                    <br />
                    <span className="muted">{i18n._(revisionLabels[line.revision.state])}</span>
                  </>
                )}
              </td>
              <td>
                <Photos tradeNumber={trade.tradeNumber} line={line} kind="seller" />
              </td>
              <td>
                {line.inspected ? <Trans>Inspected</Trans> : <Trans>Not inspected</Trans>}
                {line.inspectionPhotos.length === 0 ? null : (
                  <Photos tradeNumber={trade.tradeNumber} line={line} kind="inspection" />
                )}
                <Link
                  className="button trade-inspect"
                  to={`/trades/${trade.tradeNumber}/devices/${line.position}`}
                  aria-label={t`Inspect ${line.name} (device ${line.position})`}
                >
                  <Trans>Inspect</Trans>
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      </ScrollRegion>
    </>
  );
}
