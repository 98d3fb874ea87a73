import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { opsOverviewEndpoint, type OverviewDayFigure } from '@tradein/contract';
import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TradeRowHead } from '../../components/trade-row-head.tsx';
import { formatCents, formatDay, formatMoment } from '../../format.ts';
import type { BackOfficeLocale } from '../../i18n.ts';
import { staffNavigation } from '../../navigation.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { requireStaffSession } from '../../staff-session.server.ts';
import { hasRole } from '../../staff-session.ts';
import { useLocale } from '../../use-locale.ts';
import type { Route } from './+types/overview';

export const meta: Route.MetaFunction = () => [{ title: 'Overview · tradein back office' }];

/** Today's figures for any staff member (docs/trades.md, "The overview"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request);
  const answer = await callOps(context, request, opsOverviewEndpoint);
  if (!answer.ok) throw data(null, { status: answer.status });
  return answer.data;
}

/** A number in the member's language, to one decimal. */
function oneDecimal(value: number, locale: BackOfficeLocale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 1,
  }).format(value);
}

/** The median time from receipt to payout: hours under two days, days from then on. */
function MedianTime({ hours }: { hours: number | null }) {
  const locale = useLocale();
  if (hours === null) return <Trans>no payout yet</Trans>;
  if (hours < 48) {
    const shown = oneDecimal(hours, locale);
    return <Trans>{shown} hours</Trans>;
  }
  const days = oneDecimal(hours / 24, locale);
  return <Trans>{days} days</Trans>;
}

/** One of today's figures: how many trades, and their sum. */
function DayFigure({
  id,
  label,
  figure,
}: {
  id: string;
  label: ReactNode;
  figure: OverviewDayFigure;
}) {
  const locale = useLocale();
  return (
    <section className="overview__figure" aria-labelledby={`${id}-label`}>
      <h3 id={`${id}-label`}>{label}</h3>
      <p className="overview__count" id={id}>
        <Plural value={figure.count} one="# trade" other="# trades" />
      </p>
      <p className="overview__sum">{formatCents(figure.totalCents, locale)}</p>
    </section>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { staff } = useStaffSession();
  const { received, inspected, paid, pastPromise } = loaderData;
  const today = formatDay(`${loaderData.day}T12:00:00Z`, locale);
  const windowDays = loaderData.medianWindowDays;
  const lateCount = pastPromise.count;
  const shortcuts = staffNavigation.filter(
    (entry) => entry.path !== '/' && (entry.roles.length === 0 || hasRole(staff, entry.roles)),
  );
  return (
    <>
      <h1>
        <Trans>Overview</Trans>
      </h1>
      <section aria-labelledby="today-heading" className="overview__today">
        <h2 id="today-heading">
          <Trans>Today, {today}</Trans>
        </h2>
        <div className="overview__figures">
          <DayFigure id="figure-received" label={<Trans>Received</Trans>} figure={received} />
          <DayFigure id="figure-inspected" label={<Trans>Inspected</Trans>} figure={inspected} />
          <DayFigure id="figure-paid" label={<Trans>Paid</Trans>} figure={paid} />
          <section className="overview__figure" aria-labelledby="median-label">
            <h3 id="median-label">
              <Trans>Median from receipt to payout</Trans>
            </h3>
            <p className="overview__count" id="figure-median">
              <MedianTime hours={loaderData.medianHoursReceiptToPayout} />
            </p>
            <p className="overview__sum muted">
              <Trans>trades paid in the last {windowDays} days</Trans>
            </p>
          </section>
        </div>
      </section>
      <section aria-labelledby="late-heading" className="overview__late">
        <h2 id="late-heading">
          <Trans>Past their payout promise</Trans>
        </h2>
        {lateCount === 0 ? (
          <EmptyState>
            <Trans>No trade is past its payout promise.</Trans>
          </EmptyState>
        ) : (
          <>
            <p id="late-count">
              <Plural
                value={lateCount}
                one="# unpaid trade is past its payout promise:"
                other="# unpaid trades are past their payout promise. The oldest promises first:"
              />
            </p>
            <div className="overview-scroll">
              <DataTable
                captionId="late-caption"
                caption={<Trans>Past the promise, oldest first</Trans>}
                columns={[
                  { label: <Trans>Trade</Trans> },
                  { label: <Trans>Amount</Trans>, number: true },
                  { label: <Trans>Accepted</Trans> },
                  { label: <Trans>Promised by</Trans> },
                  { label: <Trans>Days late</Trans>, number: true },
                ]}
              >
                {pastPromise.trades.map((trade) => (
                  <tr key={trade.tradeNumber}>
                    <TradeRowHead
                      tradeNumber={trade.tradeNumber}
                      customerName={trade.customerName}
                    />
                    <td className="number">{formatCents(trade.amountCents, locale)}</td>
                    <td>{formatMoment(trade.acceptedAt, locale)}</td>
                    <td>{formatDay(`${trade.promisedBy}T12:00:00Z`, locale)}</td>
                    <td className="number">{trade.daysLate}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          </>
        )}
      </section>
      {shortcuts.length === 0 ? null : (
        <nav aria-labelledby="shortcuts-heading" className="overview__shortcuts">
          <h2 id="shortcuts-heading">
            <Trans>Your screens</Trans>
          </h2>
          <ul>
            {shortcuts.map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} className="button">
                  {i18n._(entry.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
