import { Trans, useLingui } from '@lingui/react/macro';
import { auditEndpoint } from '@tradein/contract';
import { data, Form, Link } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ScrollRegion } from '../components/scroll-table.tsx';
import { formatMoment } from '../format.ts';
import { callOps } from '../ops-api.server.ts';
import { requireStaffSession } from '../staff-session.server.ts';
import { useLocale } from '../use-locale.ts';
import type { Route } from './+types/audit';

export const meta: Route.MetaFunction = () => [{ title: 'Audit log · tradein back office' }];

/** The filters a link to the log may carry. */
const filterNames = ['subjectType', 'subjectId', 'actor', 'before'] as const;

/** A page of the log, newest first; filters and the page live in the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['admin']);
  const url = new URL(request.url);
  const query = Object.fromEntries(
    filterNames.map((name) => [name, url.searchParams.get(name)?.trim() || undefined]),
  );
  const answer = await callOps(context, request, auditEndpoint, {
    query: { ...query, limit: '50' },
  });
  if (!answer.ok) {
    if (answer.status !== 400) throw data(null, { status: answer.status });
    return { query, events: [], refused: true };
  }
  return { query, events: answer.data.events, refused: false };
}

/** A record before or after a change, as text. */
function Record({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">–</span>;
  return <pre className="record">{JSON.stringify(value, null, 2)}</pre>;
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { query, events, refused } = loaderData;
  const last = events.at(-1);
  const older = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'before' && value !== undefined) older.set(name, value);
  }
  if (last !== undefined) older.set('before', String(last.id));
  return (
    <>
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <p>
        <Trans>
          Every change, with who made it, when, and the record before and after. Nobody can change
          or delete it.
        </Trans>
      </p>
      <Form method="get" className="filters">
        <label>
          <Trans>Subject type</Trans>
          <input
            name="subjectType"
            defaultValue={query['subjectType'] ?? ''}
            placeholder={t`e.g. trade`}
          />
        </label>
        <label>
          <Trans>Subject</Trans>
          <input
            name="subjectId"
            defaultValue={query['subjectId'] ?? ''}
            placeholder={t`e.g. a trade number`}
          />
        </label>
        <label>
          <Trans>Person</Trans>
          <input name="actor" defaultValue={query['actor'] ?? ''} placeholder="staff:…" />
        </label>
        <button type="submit" className="button">
          <Trans>Filter</Trans>
        </button>
      </Form>
      {refused ? (
        <p role="alert" className="form-alert">
          <Trans>A filter is not valid: use one line of up to 200 characters.</Trans>
        </p>
      ) : null}
      {events.length === 0 ? (
        <EmptyState>
          <Trans>No changes match these filters.</Trans>
        </EmptyState>
      ) : (
        <ScrollRegion label={t`Changes, newest first`}>
          <DataTable
            captionHidden
            caption={<Trans>Changes, newest first</Trans>}
            columns={[
              { label: <Trans>When</Trans> },
              { label: <Trans>Who</Trans> },
              { label: <Trans>What</Trans> },
              { label: <Trans>Before</Trans> },
              { label: <Trans>After</Trans> },
            ]}
          >
            {events.map((event) => (
              <tr key={event.id}>
                <td>{formatMoment(event.at, locale)}</td>
                <td>
                  <Link to={`/audit?actor=${encodeURIComponent(event.actor)}`}>
                    {event.actorLabel}
                  </Link>
                  <br />
                  <span className="muted">{event.source}</span>
                </td>
                <td>
                  <code>{event.action}</code>
                  <br />
                  <Link
                    to={`/audit?subjectType=${encodeURIComponent(event.subjectType)}&subjectId=${encodeURIComponent(event.subjectId)}`}
                  >
                    {event.subjectType} {event.subjectId}
                  </Link>
                </td>
                <td>
                  <Record value={event.before} />
                </td>
                <td>
                  <Record value={event.after} />
                </td>
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      )}
      {events.length === 50 ? (
        <p>
          <Link to={`/audit?${older.toString()}`}>
            <Trans>Older changes</Trans>
          </Link>
        </p>
      ) : null}
    </>
  );
}
