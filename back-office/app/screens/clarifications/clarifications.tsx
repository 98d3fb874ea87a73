import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  opsClarificationsEndpoint,
  opsRecordDecisionEndpoint,
  type ClarificationQueue,
} from '@tradein/contract';
import { useEffect } from 'react';
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CsrfField, FormAlert, FormNotice } from '../../components/field.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatCents, formatMoment } from '../../format.ts';
import { parseForm, refusedByApi, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import type { Route } from './+types/clarifications';

export const meta: Route.MetaFunction = () => [{ title: 'Clarifications · tradein back office' }];

const roles = ['admin', 'inspector'] as const;

/** Clarifications per page (both lists). */
const pageSize = 20;

/** Open clarifications (oldest first) and the recently decided ones; the page is in the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, [...roles]);
  const requested = new URL(request.url).searchParams.get('page') ?? '1';
  const page = /^[1-9][0-9]{0,4}$/.test(requested) ? Number(requested) : 1;
  const answer = await callOps(context, request, opsClarificationsEndpoint, {
    query: { page: String(page), pageSize: String(pageSize) },
  });
  if (!answer.ok) throw data(null, { status: answer.status });
  const pages = Math.max(
    1,
    Math.ceil(answer.data.openTotal / pageSize),
    Math.ceil(answer.data.decidedTotal / pageSize),
  );
  return { queue: answer.data, page, pages };
}

/** What the page says after a decision form. */
type Outcome =
  | { kind: 'recorded'; tradeNumber: string }
  | { kind: 'refused'; tradeNumber: string; refused: string[]; note: string }
  | { kind: 'answered'; tradeNumber: string }
  | { kind: 'unknown'; tradeNumber: string };

/** Records a decision the seller gave by phone, for every open device of one trade. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, [...roles]);
  const form = await request.formData();
  const tradeNumber = textOf(form, 'tradeNumber') ?? '';
  const note = textOf(form, 'note') ?? '';
  const decisions = [...form.keys()]
    .filter((name, index, names) => name.startsWith('decision.') && names.indexOf(name) === index)
    .map((name) => ({
      position: Number(name.slice('decision.'.length)),
      decision: form.get(name),
    }));
  const open = form.getAll('open').filter((value) => typeof value === 'string');
  const refused = new Set<string>();
  if (open.some((position) => !form.has(`decision.${position}`)) || decisions.length === 0) {
    refused.add('decisions');
  }
  const parsed = parseForm(opsRecordDecisionEndpoint.body, { decisions, note });
  if (!parsed.ok) for (const field of parsed.refused) refused.add(field);
  if (refused.size > 0 || !parsed.ok) {
    return data<Outcome>({ kind: 'refused', tradeNumber, refused: [...refused], note }, 400);
  }
  const answer = await callOps(context, request, opsRecordDecisionEndpoint, {
    params: { tradeNumber },
    body: parsed.data,
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) return data<Outcome>({ kind: 'recorded', tradeNumber });
  if (answer.error.code === apiErrorCode.clarificationAnswered) {
    return data<Outcome>({ kind: 'answered', tradeNumber }, 409);
  }
  if (answer.status === 404 || (answer.status === 400 && answer.error.fields === undefined)) {
    return data<Outcome>({ kind: 'unknown', tradeNumber }, 404);
  }
  if (answer.status !== 400) throw data(null, { status: answer.status });
  return data<Outcome>(
    { kind: 'refused', tradeNumber, refused: refusedByApi(answer.error), note },
    400,
  );
}

type Entry = ClarificationQueue['open'][number];

/** A duration in whole hours as days and hours, e.g. "2 d 3 h". */
function Age({ hours }: { hours: number }) {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return <Trans>{rest} h</Trans>;
  return (
    <Trans>
      {days} d {rest} h
    </Trans>
  );
}

const refusalMessages = {
  decisions: msg`Choose accept or return for every open device.`,
  note: msg`Write a note of 3 to 500 characters, e.g. "by phone 14:05".`,
};

/** The seller's name and address of an entry. */
function sellerOf(entry: Entry): string {
  if (entry.customer === null) return '–';
  return `${entry.customer.firstName} ${entry.customer.lastName} (${entry.customer.email})`;
}

/** One open clarification with its devices and the form of a decision given by phone. */
function OpenClarification({ entry, outcome }: { entry: Entry; outcome: Outcome | undefined }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const mine = outcome?.tradeNumber === entry.tradeNumber ? outcome : undefined;
  const refused = new Set(mine?.kind === 'refused' ? mine.refused : []);
  const openLines = entry.lines.filter((line) => line.state === 'open');
  const id = `clarification-${entry.tradeNumber}`;
  const submitting =
    navigation.state === 'submitting' &&
    navigation.formData?.get('tradeNumber') === entry.tradeNumber;
  return (
    <article className="clarification" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        <Link to={`/trades/${encodeURIComponent(entry.tradeNumber)}`}>{entry.tradeNumber}</Link>{' '}
        <span className="muted">
          <Trans>
            open for <Age hours={entry.ageHours} />
          </Trans>
        </span>
      </h3>
      <dl className="facts">
        <dt>
          <Trans>Seller</Trans>
        </dt>
        <dd>{sellerOf(entry)}</dd>
        <dt>
          <Trans>Opened</Trans>
        </dt>
        <dd>{formatMoment(entry.openedAt, locale)}</dd>
      </dl>
      <Form method="post" className="stack" noValidate>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="tradeNumber" value={entry.tradeNumber} />
        {refused.has('decisions') ? (
          <p className="field__error" id={`${id}-decisions-error`}>
            {i18n._(refusalMessages.decisions)}
          </p>
        ) : null}
        {entry.lines.map((line) => {
          const prices = `${formatCents(line.priceCents, locale)} → ${formatCents(line.revisedPriceCents, locale)}`;
          if (line.state !== 'open') {
            return (
              <p key={line.position}>
                {line.state === 'accepted' ? (
                  <Trans>
                    Device {line.position}, {line.name}: {prices}, accepted
                  </Trans>
                ) : (
                  <Trans>
                    Device {line.position}, {line.name}: {prices}, to be returned
                  </Trans>
                )}
              </p>
            );
          }
          return (
            <fieldset
              key={line.position}
              className="choices choices--inline"
              aria-describedby={refused.has('decisions') ? `${id}-decisions-error` : undefined}
            >
              <input type="hidden" name="open" value={line.position} />
              <legend>
                <Trans>
                  Device {line.position}, {line.name}: {prices}
                </Trans>
                {line.reason === null ? null : <span className="muted"> – {line.reason}</span>}
              </legend>
              <label>
                <input type="radio" name={`decision.${line.position}`} value="accept" />
                <Trans>Accepts the new price</Trans>
              </label>
              <label>
                <input type="radio" name={`decision.${line.position}`} value="return" />
                <Trans>Wants it back</Trans>
              </label>
            </fieldset>
          );
        })}
        <div className="field">
          <label htmlFor={`${id}-note`}>
            <Trans>Note</Trans>
          </label>
          <p className="field__hint" id={`${id}-note-hint`}>
            <Trans>How and when the seller decided, e.g. "by phone 14:05".</Trans>
          </p>
          <input
            id={`${id}-note`}
            name="note"
            required
            autoComplete="off"
            defaultValue={mine?.kind === 'refused' ? mine.note : ''}
            aria-invalid={refused.has('note') ? true : undefined}
            aria-describedby={
              refused.has('note') ? `${id}-note-hint ${id}-note-error` : `${id}-note-hint`
            }
          />
          {refused.has('note') ? (
            <p className="field__error" id={`${id}-note-error`}>
              {i18n._(refusalMessages.note)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {openLines.length > 1 ? (
            <Trans>Record the decision for {openLines.length} devices</Trans>
          ) : (
            <Trans>Record the decision</Trans>
          )}
        </button>
      </Form>
    </article>
  );
}

/** Who decided, in words. */
function DecidedBy({ by }: { by: 'customer' | 'operator' }) {
  return by === 'customer' ? <Trans>the seller, on the shop's page</Trans> : <Trans>staff</Trans>;
}

export default function Clarifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { queue, page, pages } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // Decisions the sellers make on the shop's page arrive while the page is open.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') {
        void revalidator.revalidate();
      }
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <>
      <h1>
        <Trans>Clarifications</Trans>
      </h1>
      <p>
        <Trans>
          Devices the inspection found worse than described wait for the seller's decision. The
          sellers decide on the shop's page; a decision they give by phone is recorded here, with a
          note, in the audit log.
        </Trans>
      </p>
      <div aria-live="polite">
        {outcome?.kind === 'recorded' ? (
          <FormNotice>
            <Trans>The decision for trade {outcome.tradeNumber} is recorded.</Trans>
          </FormNotice>
        ) : null}
        {navigation.state === 'loading' ? (
          <p className="muted">
            <Trans>Loading…</Trans>
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'answered' ? (
        <FormAlert>
          <Trans>
            Trade {outcome.tradeNumber} waits for no decision any more: it was decided already (by
            the seller or a colleague). Nothing was recorded twice.
          </Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'unknown' ? (
        <FormAlert>
          <Trans>There is no trade {outcome.tradeNumber}.</Trans>
        </FormAlert>
      ) : null}

      <section aria-labelledby="open-heading" className="clarifications__section">
        <h2 id="open-heading">
          <Trans>Open, oldest first ({queue.openTotal})</Trans>
        </h2>
        {queue.open.length === 0 ? (
          <EmptyState>
            <Trans>No clarification is open on this page.</Trans>
          </EmptyState>
        ) : (
          queue.open.map((entry) => (
            <OpenClarification key={entry.tradeNumber} entry={entry} outcome={outcome} />
          ))
        )}
      </section>

      <section aria-labelledby="decided-heading" className="clarifications__section">
        <h2 id="decided-heading">
          <Trans>Decided in the last 14 days ({queue.decidedTotal})</Trans>
        </h2>
        {queue.decided.length === 0 ? (
          <EmptyState>
            <Trans>No clarification was decided in the last 14 days on this page.</Trans>
          </EmptyState>
        ) : (
          <div className="clarifications__scroll">
            <DataTable
              caption={<Trans>Decided clarifications, newest first</Trans>}
              columns={[
                { label: <Trans>Trade</Trans> },
                { label: <Trans>Decision</Trans> },
                { label: <Trans>Decided by</Trans> },
                { label: <Trans>When</Trans> },
                { label: <Trans>Took</Trans> },
              ]}
            >
              {queue.decided.map((entry) => (
                <tr key={entry.tradeNumber}>
                  <th scope="row">
                    <Link to={`/trades/${encodeURIComponent(entry.tradeNumber)}`}>
                      {entry.tradeNumber}
                    </Link>
                    <br />
                    <span className="muted">{sellerOf(entry)}</span>
                  </th>
                  <td>
                    {entry.decision?.outcome === 'accepted' ? (
                      <Trans>accepted</Trans>
                    ) : entry.decision?.outcome === 'returned' ? (
                      <Trans>returned</Trans>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>{entry.decision === null ? '–' : <DecidedBy by={entry.decision.by} />}</td>
                  <td>{entry.decision === null ? '–' : formatMoment(entry.decision.at, locale)}</td>
                  <td>
                    <Age hours={entry.ageHours} />
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>

      <Pager
        page={page}
        pages={pages}
        hrefOf={(to) => `/clarifications?page=${to}`}
        label={t`Pages of clarifications`}
        className="clarifications__pager"
      />
    </>
  );
}
