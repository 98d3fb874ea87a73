import { Trans, useLingui } from '@lingui/react/macro';
import { payoutBatchesEndpoint } from '@tradein/contract';
import { data, Form, Link, useNavigation } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormAlert } from '../../components/field.tsx';
import { formatCents, formatMoment } from '../../format.ts';
import { parseForm } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import { BatchState, MethodName, PayoutsPager } from './payout-parts.tsx';
import type { Route } from './+types/payout-batches';

export const meta: Route.MetaFunction = () => [{ title: 'Payout batches · tradein back office' }];

/** Payout batches, newest first; state and page live in the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['payouts']);
  const url = new URL(request.url);
  const state = url.searchParams.get('state') || undefined;
  const page = url.searchParams.get('page') || undefined;
  const filters = { state, page };
  const querySchema = payoutBatchesEndpoint.query;
  if (querySchema === undefined) throw new Error('the list call declares its query');
  const parsed = parseForm(querySchema, filters);
  if (!parsed.ok) {
    return data({ filters, refused: true, rows: [], total: 0, page: 1, pageSize: 50 }, 400);
  }
  const answer = await callOps(context, request, payoutBatchesEndpoint, { query: filters });
  if (!answer.ok) throw data(null, { status: answer.status });
  return {
    filters,
    refused: false,
    rows: answer.data.rows,
    total: answer.data.total,
    page: parsed.data.page,
    pageSize: parsed.data.pageSize,
  };
}

export default function PayoutBatches({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigation = useNavigation();
  const { filters, refused, rows, total } = loaderData;
  return (
    <>
      <h1>
        <Trans>Payout batches</Trans>
      </h1>
      <p className="payouts__links">
        <Link to="/payouts">
          <Trans>Trades ready to pay</Trans>
        </Link>
      </p>
      <Form method="get" className="filters">
        <label>
          <Trans>State</Trans>
          <select name="state" defaultValue={filters.state ?? ''}>
            <option value="">{t`All states`}</option>
            <option value="open">{t`Open`}</option>
            <option value="confirmed">{t`Paid`}</option>
            <option value="cancelled">{t`Cancelled`}</option>
          </select>
        </label>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </Form>
      {refused ? (
        <FormAlert>
          <Trans>
            This address's filter is not valid: the state is open, confirmed or cancelled, the page
            a whole number from 1.
          </Trans>
        </FormAlert>
      ) : null}
      <output className="payouts__status">{navigation.state === 'idle' ? '' : t`Loading…`}</output>
      {rows.length === 0 ? (
        <EmptyState>
          {total > 0 ? (
            <Trans>This page is past the end of the list.</Trans>
          ) : (
            <Trans>No batch yet.</Trans>
          )}
        </EmptyState>
      ) : (
        <div className="payouts-scroll">
          <DataTable
            captionId="batches-caption"
            caption={<Trans>Batches, newest first ({total})</Trans>}
            columns={[
              { label: <Trans>Batch</Trans> },
              { label: <Trans>State</Trans> },
              { label: <Trans>Trades</Trans>, number: true },
              { label: <Trans>Total</Trans>, number: true },
              { label: <Trans>Made</Trans> },
              { label: <Trans>Closed</Trans> },
              { label: <Trans>File</Trans> },
            ]}
          >
            {rows.map((batch) => (
              <tr key={batch.batchNumber}>
                <th scope="row">
                  <Link to={`/payouts/batches/${batch.batchNumber}`}>{batch.batchNumber}</Link>
                  <br />
                  <span className="muted">
                    <MethodName method={batch.method} />
                  </span>
                </th>
                <td>
                  <BatchState state={batch.state} />
                </td>
                <td className="number">{batch.tradeCount}</td>
                <td className="number">{formatCents(batch.totalCents, locale)}</td>
                <td>
                  {formatMoment(batch.createdAt, locale)}
                  <br />
                  <span className="muted">{batch.createdBy.label}</span>
                </td>
                <td>
                  {batch.closedAt === null ? (
                    <span className="muted">–</span>
                  ) : (
                    <>
                      {formatMoment(batch.closedAt, locale)}
                      <br />
                      <span className="muted">{batch.closedBy?.label}</span>
                    </>
                  )}
                </td>
                <td>
                  <a href={`/payouts/batches/${batch.batchNumber}/file`} download>
                    {batch.fileName}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      <PayoutsPager path="/payouts/batches" filters={{ state: filters.state }} list={loaderData} />
    </>
  );
}
