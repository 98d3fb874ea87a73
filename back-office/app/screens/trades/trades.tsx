import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { opsTradeQueueEndpoint, type TradeQueueRow } from '@tradein/contract';
import type { FormEvent, ReactNode } from 'react';
import { data, Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { formatCents, formatMoment } from '../../format.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { ScrollRegion } from '../../components/scroll-table.tsx';
import { useLocale } from '../../use-locale.ts';
import { queueHref, readQueueQuery, type QueueParamName } from './queue-query.ts';
import { statusLabels } from '../../trade-status.ts';
import { editionChoices, modeLabels, tradeStatuses } from './trade-labels.ts';
import type { Route } from './+types/trades';

export const meta: Route.MetaFunction = () => [{ title: 'Trades · tradein back office' }];

/** Who reads the queue (docs/trades.md, "Back-office calls"). */
const readers = ['admin', 'inspector', 'payouts'] as const;

/** A page of the queue as the URL asks for it; refused filters are named and left out. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, readers);
  const read = readQueueQuery(new URL(request.url).searchParams);
  const answer = await callOps(context, request, opsTradeQueueEndpoint, { query: read.accepted });
  if (!answer.ok) throw data(null, { status: answer.status });
  return {
    values: read.values,
    accepted: read.accepted,
    refused: read.refused,
    page: read.query.page,
    pageSize: read.query.pageSize,
    ...answer.data,
  };
}

/** What a refused filter says beside it. */
const refusalMessages: Record<QueueParamName, MessageDescriptor> = {
  status: msg`This status does not exist; all statuses are shown.`,
  edition: msg`Choose one of the editions.`,
  mode: msg`Choose one of the shop modes.`,
  partner: msg`A partner code has 1–64 letters, digits, "-" or "_".`,
  from: msg`Enter a day of the calendar as YYYY-MM-DD.`,
  to: msg`Enter a day of the calendar as YYYY-MM-DD, not before the first day.`,
  q: msg`Search with one line of up to 100 characters.`,
  sort: msg`Sort by checkout time, total or number.`,
  direction: msg`Choose ascending or descending.`,
  page: msg`The page is a whole number from 1; the first page is shown.`,
  pageSize: msg`Show 1–100 trades per page.`,
};

/** Values the queue takes when the URL names none. */
const defaults = ['sort=created', 'direction=desc'];

/** A labelled filter with its refusal beside it, as `Field` does for inputs. */
function Filter({
  name,
  label,
  refused,
  children,
}: {
  name: QueueParamName;
  label: ReactNode;
  refused: readonly QueueParamName[];
  children: (props: {
    id: string;
    name: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const { i18n } = useLingui();
  const id = `filter-${name}`;
  const isRefused = refused.includes(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(isRefused ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}),
      })}
      {isRefused ? (
        <p className="field__error" id={`${id}-error`}>
          {i18n._(refusalMessages[name])}
        </p>
      ) : null}
    </div>
  );
}

/** The customer's name and e-mail of a row, or that the customer was deleted. */
function Customer({ customer }: { customer: TradeQueueRow['customer'] }) {
  if (customer === null)
    return (
      <span className="muted">
        <Trans>Customer deleted</Trans>
      </span>
    );
  return (
    <>
      {customer.firstName} {customer.lastName}
      <br />
      <span className="muted">{customer.email}</span>
    </>
  );
}

export default function Trades({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const navigation = useNavigation();
  // The filters show the URL's values: back and forward remount them with the other URL's.
  const { search } = useLocation();
  const navigate = useNavigate();
  const { values, accepted, refused, rows, total, counts, page, pageSize } = loaderData;
  const loading = navigation.state !== 'idle' && navigation.location?.pathname === '/trades';
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const all = tradeStatuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  const current = accepted.status;
  const tabs = [
    { key: 'all', status: undefined, label: t`All`, count: all },
    ...tradeStatuses.map((status) => ({
      key: status,
      status,
      label: i18n._(statusLabels[status]),
      count: counts[status] ?? 0,
    })),
  ];
  // With scripts, the filters' URL leaves out empty fields and the default order.
  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes: Partial<Record<QueueParamName, string>> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (
        typeof value === 'string' &&
        value.trim() !== '' &&
        !defaults.includes(`${name}=${value}`)
      )
        changes[name as QueueParamName] = value.trim();
    }
    void navigate(queueHref({}, changes));
  }
  return (
    <>
      <h1>
        <Trans>Trades</Trans>
      </h1>
      <nav aria-label={t`Statuses`} className="queue-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link
                to={queueHref(accepted, { status: tab.status, page: undefined })}
                aria-current={tab.status === current ? 'page' : undefined}
              >
                {tab.label} <span className="queue-tabs__count">{tab.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        key={search}
        method="get"
        className="queue-filters"
        aria-label={t`Filters`}
        onSubmit={onFilter}
      >
        {current === undefined ? null : <input type="hidden" name="status" value={current} />}
        {accepted.pageSize === undefined ? null : (
          <input type="hidden" name="pageSize" value={accepted.pageSize} />
        )}
        <Filter name="q" label={<Trans>Search</Trans>} refused={refused}>
          {(props) => (
            <input
              {...props}
              type="search"
              defaultValue={values.q ?? ''}
              placeholder={t`Trade number, e-mail or name`}
            />
          )}
        </Filter>
        <Filter name="edition" label={<Trans>Edition</Trans>} refused={refused}>
          {(props) => (
            <select
              {...props}
              defaultValue={refused.includes('edition') ? '' : (values.edition ?? '')}
            >
              <option value="">{t`All editions`}</option>
              {editionChoices.map((edition) => (
                <option key={edition} value={edition}>
                  {edition.toUpperCase()}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter name="mode" label={<Trans>Shop mode</Trans>} refused={refused}>
          {(props) => (
            <select {...props} defaultValue={refused.includes('mode') ? '' : (values.mode ?? '')}>
              <option value="">{t`All modes`}</option>
              {Object.entries(modeLabels).map(([mode, label]) => (
                <option key={mode} value={mode}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter name="partner" label={<Trans>Partner code</Trans>} refused={refused}>
          {(props) => <input {...props} defaultValue={values.partner ?? ''} />}
        </Filter>
        <Filter name="from" label={<Trans>From day</Trans>} refused={refused}>
          {(props) => <input {...props} type="date" defaultValue={values.from ?? ''} />}
        </Filter>
        <Filter name="to" label={<Trans>To day</Trans>} refused={refused}>
          {(props) => <input {...props} type="date" defaultValue={values.to ?? ''} />}
        </Filter>
        <Filter name="sort" label={<Trans>Sort by</Trans>} refused={refused}>
          {(props) => (
            <select {...props} defaultValue={accepted.sort ?? 'created'}>
              <option value="created">{t`Checkout time`}</option>
              <option value="total">{t`Total`}</option>
              <option value="number">{t`Trade number`}</option>
            </select>
          )}
        </Filter>
        <Filter name="direction" label={<Trans>Order</Trans>} refused={refused}>
          {(props) => (
            <select {...props} defaultValue={accepted.direction ?? 'desc'}>
              <option value="desc">{t`Descending`}</option>
              <option value="asc">{t`Ascending`}</option>
            </select>
          )}
        </Filter>
        <div className="queue-filters__actions">
          <button type="submit" className="button button--primary">
            <Trans>Filter</Trans>
          </button>
          <Link className="button" to={queueHref({}, { status: current })}>
            <Trans>Clear filters</Trans>
          </Link>
        </div>
      </Form>
      {refused.includes('status') || refused.includes('page') || refused.includes('pageSize') ? (
        <ul className="form-alert queue-refusals">
          {refused
            .filter((name) => name === 'status' || name === 'page' || name === 'pageSize')
            .map((name) => (
              <li key={name}>{i18n._(refusalMessages[name])}</li>
            ))}
        </ul>
      ) : null}
      <output className="queue-count">
        {loading ? (
          <Trans>Loading trades…</Trans>
        ) : (
          <Plural
            value={total}
            _0="No trades match."
            one="# trade matches."
            other="# trades match."
          />
        )}
      </output>
      {rows.length === 0 ? (
        <EmptyState>
          {total === 0 ? (
            <Trans>No trades match these filters. Clear a filter or choose another status.</Trans>
          ) : (
            <Trans>This page is past the end of the list.</Trans>
          )}
        </EmptyState>
      ) : (
        <ScrollRegion label={t`Trades, page ${page} of ${pages}`}>
          <DataTable
            className="table queue-table"
            busy={loading}
            captionHidden
            caption={
              <Trans>
                Trades, page {page} of {pages}
              </Trans>
            }
            columns={[
              { label: <Trans>Trade</Trans> },
              { label: <Trans>Status</Trans> },
              { label: <Trans>Customer</Trans> },
              { label: <Trans>Edition and mode</Trans> },
              { label: <Trans>Partner</Trans> },
              { label: <Trans>Devices</Trans>, number: true },
              { label: <Trans>Total</Trans>, number: true },
              { label: <Trans>Checkout</Trans> },
            ]}
          >
            {rows.map((row) => (
              <tr key={row.tradeNumber}>
                <th scope="row">
                  <Link to={`/trades/${row.tradeNumber}`}>{row.tradeNumber}</Link>
                </th>
                <td>{i18n._(statusLabels[row.status])}</td>
                <td>
                  <Customer customer={row.customer} />
                </td>
                <td>
                  {row.edition.toUpperCase()}
                  <br />
                  <span className="muted">{i18n._(modeLabels[row.shopMode])}</span>
                </td>
                <td>{row.partner ?? <span className="muted">–</span>}</td>
                <td className="number">{row.devices}</td>
                <td className="number">{formatCents(row.totalCents, locale)}</td>
                <td>{formatMoment(row.createdAt, locale)}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      )}
      <Pager
        page={page}
        pages={pages}
        hrefOf={(to) => queueHref(accepted, { page: String(to) })}
        className="queue-pages"
        linkClassName="button"
      />
    </>
  );
}
