import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  createPayoutBatchEndpoint,
  payoutReadyEndpoint,
  type PayoutReadyRow,
} from '@tradein/contract';
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CsrfField, FormAlert } from '../../components/field.tsx';
import { TradeRowHead } from '../../components/trade-row-head.tsx';
import { formatCents, formatDay } from '../../format.ts';
import { parseForm, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import { PayoutsPager, Payee } from './payout-parts.tsx';
import { tradeRefusalsOf, type TradeRefusal } from './payout-refusals.ts';
import { RefusalText } from './refusal-text.tsx';
import type { Route } from './+types/payouts';

export const meta: Route.MetaFunction = () => [{ title: 'Payouts · tradein back office' }];

/** The list's filters as the URL holds them. */
function filtersOf(url: URL) {
  const method = url.searchParams.get('method') ?? '';
  const page = url.searchParams.get('page') ?? '';
  return { method: method === '' ? undefined : method, page: page === '' ? undefined : page };
}

/** The trades ready to pay, earliest promise first; method and page live in the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['payouts']);
  const filters = filtersOf(new URL(request.url));
  const querySchema = payoutReadyEndpoint.query;
  if (querySchema === undefined) throw new Error('the list call declares its query');
  const parsed = parseForm(querySchema, filters);
  if (!parsed.ok) {
    return data(
      { filters, refusedFilters: parsed.refused, rows: [], total: 0, page: 1, pageSize: 50 },
      400,
    );
  }
  const answer = await callOps(context, request, payoutReadyEndpoint, {
    query: { method: filters.method, page: filters.page },
  });
  if (!answer.ok) throw data(null, { status: answer.status });
  return {
    filters,
    refusedFilters: [] as string[],
    rows: answer.data.rows,
    total: answer.data.total,
    page: parsed.data.page,
    pageSize: parsed.data.pageSize,
  };
}

/** What the page says after "Make batch". */
type Outcome =
  | { kind: 'refusedForm'; refused: string[]; selected: string[]; method: string }
  | { kind: 'refusedTrades'; refusals: TradeRefusal[]; selected: string[]; method: string }
  | { kind: 'accountMissing'; selected: string[]; method: string }
  | { kind: 'raced'; selected: string[]; method: string };

/**
 * Makes a batch of the chosen trades (or every trade of the page, when "all on this page" was
 * ticked) and leads to it; a refusal names each refused trade beside its row.
 */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['payouts']);
  const form = await request.formData();
  const texts = (name: string) => form.getAll(name).filter((value) => typeof value === 'string');
  const method = textOf(form, 'method') ?? '';
  const selected = textOf(form, 'allOnPage') === '1' ? texts('onPage') : texts('trade');
  const parsed = parseForm(createPayoutBatchEndpoint.body, { method, tradeNumbers: selected });
  if (!parsed.ok) {
    return data<Outcome>({ kind: 'refusedForm', refused: parsed.refused, selected, method }, 400);
  }
  const answer = await callOps(context, request, createPayoutBatchEndpoint, {
    body: parsed.data,
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) {
    throw redirect(`/payouts/batches/${answer.data.batch.batchNumber}?made=1`);
  }
  if (answer.error.code === apiErrorCode.payoutAccountMissing) {
    return data<Outcome>({ kind: 'accountMissing', selected, method }, 409);
  }
  if (answer.status !== 400 && answer.status !== 409) throw data(null, { status: answer.status });
  const refusals = tradeRefusalsOf(answer.error, parsed.data.tradeNumbers);
  if (refusals.length === 0) {
    if (answer.status === 409) return data<Outcome>({ kind: 'raced', selected, method }, 409);
    return data<Outcome>({ kind: 'refusedForm', refused: ['tradeNumbers'], selected, method }, 400);
  }
  return data<Outcome>(
    { kind: 'refusedTrades', refusals, selected, method },
    answer.status === 409 ? 409 : 400,
  );
}

/** The trade's place on the way to its money: waiting, late, or in an open batch. */
function PromiseDay({ row }: { row: PayoutReadyRow }) {
  const locale = useLocale();
  return (
    <>
      {formatDay(`${row.promisedBy}T12:00:00Z`, locale)}
      {row.pastPromise ? (
        <>
          <br />
          <span className="payouts-badge payouts-badge--late">
            <Trans>past the promise</Trans>
          </span>
        </>
      ) : null}
    </>
  );
}

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const { filters, refusedFilters, rows, total } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const selectable = rows.filter((row) => row.openBatch === null).map((row) => row.tradeNumber);
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(outcome?.selected ?? []),
  );
  // A new answer of the form brings its selection back (refused trades stay selected).
  const [shownOutcome, setShownOutcome] = useState(outcome);
  if (outcome !== shownOutcome) {
    setShownOutcome(outcome);
    setSelected(new Set(outcome?.selected ?? []));
  }
  const allSelected = selectable.length > 0 && selectable.every((number) => selected.has(number));
  const toggle = (tradeNumber: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(tradeNumber);
    else next.delete(tradeNumber);
    setSelected(next);
  };
  const refusals = new Map(
    outcome?.kind === 'refusedTrades'
      ? outcome.refusals.map((refusal) => [refusal.tradeNumber, refusal])
      : [],
  );
  const formRefused = new Set(outcome?.kind === 'refusedForm' ? outcome.refused : []);
  const method = outcome?.method ?? filters.method ?? 'sepa';
  const busy = navigation.state !== 'idle';
  const submitting = navigation.state === 'submitting';
  return (
    <>
      <h1>
        <Trans>Payouts</Trans>
      </h1>
      <p className="payouts__links">
        <Link to="/payouts/batches">
          <Trans>Batches and their files</Trans>
        </Link>
      </p>
      <Form method="get" className="filters">
        <label>
          <Trans>Method</Trans>
          <select name="method" defaultValue={filters.method ?? ''}>
            <option value="">{t`All methods`}</option>
            <option value="sepa">{t`SEPA transfer`}</option>
            <option value="paypal">{t`PayPal`}</option>
          </select>
        </label>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </Form>
      {refusedFilters.length > 0 ? (
        <FormAlert>
          <Trans>
            This address's filter is not valid: the method is sepa or paypal, the page a whole
            number from 1.
          </Trans>
        </FormAlert>
      ) : null}
      <output className="payouts__status">{busy ? t`Loading…` : ''}</output>
      {outcome?.kind === 'accountMissing' ? (
        <FormAlert>
          <p>
            <Trans>No batch was made: our bank account for SEPA payouts is not configured.</Trans>
          </p>
          <p>
            <Trans>
              An operator sets PAYOUT_ACCOUNT_NAME, PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC in
              the server's environment and restarts it. PayPal batches work without them.
            </Trans>
          </p>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'raced' ? (
        <FormAlert>
          <Trans>
            No batch was made: a trade of it was put in another open batch meanwhile. Choose the
            trades again.
          </Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'refusedTrades' ? (
        <FormAlert>
          <p>
            <Trans>No batch was made. These trades cannot be paid in it:</Trans>
          </p>
          <ul>
            {outcome.refusals.map((refusal) => (
              <li key={refusal.tradeNumber}>
                <a href={`#trade-${refusal.tradeNumber}`}>{refusal.tradeNumber}</a>:{' '}
                <RefusalText refusal={refusal} />
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>
          {total > 0 ? (
            <Trans>This page is past the end of the list.</Trans>
          ) : (
            <Trans>No trade is ready to pay.</Trans>
          )}
        </EmptyState>
      ) : (
        <Form method="post" className="payouts__form" aria-busy={busy}>
          <CsrfField token={csrfToken} />
          {selectable.map((tradeNumber) => (
            <input key={tradeNumber} type="hidden" name="onPage" value={tradeNumber} />
          ))}
          <p className="muted">
            <Trans>Earliest payout promise first.</Trans>
          </p>
          <div className="payouts-scroll">
            <DataTable
              captionId="ready-caption"
              caption={<Trans>Ready to pay ({total})</Trans>}
              columns={[
                {
                  label: (
                    <label className="payouts__check">
                      <input
                        type="checkbox"
                        name="allOnPage"
                        value="1"
                        checked={allSelected}
                        disabled={selectable.length === 0}
                        onChange={(event) =>
                          setSelected(new Set(event.currentTarget.checked ? selectable : []))
                        }
                      />
                      <span className="visually-hidden">{t`Select all on this page`}</span>
                    </label>
                  ),
                  name: t`Selection`,
                },
                { label: <Trans>Trade</Trans> },
                { label: <Trans>Payee</Trans> },
                { label: <Trans>Amount</Trans>, number: true },
                { label: <Trans>Promised by</Trans> },
                { label: <Trans>Batch</Trans> },
              ]}
            >
              {rows.map((row) => {
                const refusal = refusals.get(row.tradeNumber);
                const refusalId = `refusal-${row.tradeNumber}`;
                return (
                  <tr
                    key={row.tradeNumber}
                    id={`trade-${row.tradeNumber}`}
                    className={refusal === undefined ? undefined : 'payouts__refused'}
                  >
                    <td>
                      {row.openBatch === null ? (
                        <label className="payouts__check">
                          <input
                            type="checkbox"
                            name="trade"
                            value={row.tradeNumber}
                            checked={selected.has(row.tradeNumber)}
                            onChange={(event) =>
                              toggle(row.tradeNumber, event.currentTarget.checked)
                            }
                            aria-invalid={refusal === undefined ? undefined : true}
                            aria-describedby={refusal === undefined ? undefined : refusalId}
                          />
                          <span className="visually-hidden">{t`Select ${row.tradeNumber}`}</span>
                        </label>
                      ) : null}
                    </td>
                    <TradeRowHead tradeNumber={row.tradeNumber} customerName={row.customerName}>
                      <br />
                      <span className="muted">
                        {row.status === 'accepted' ? (
                          <Trans>accepted after a clarification</Trans>
                        ) : (
                          <Trans>inspected</Trans>
                        )}
                      </span>
                      {refusal === undefined ? null : (
                        <p className="field__error" id={refusalId}>
                          <RefusalText refusal={refusal} />
                        </p>
                      )}
                    </TradeRowHead>
                    <td>
                      <Payee payee={row.payee} />
                    </td>
                    <td className="number">{formatCents(row.amountCents, locale)}</td>
                    <td>
                      <PromiseDay row={row} />
                    </td>
                    <td>
                      {row.openBatch === null ? (
                        <span className="muted">–</span>
                      ) : (
                        <Trans>
                          in open batch{' '}
                          <Link to={`/payouts/batches/${row.openBatch}`}>{row.openBatch}</Link>
                        </Trans>
                      )}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          </div>
          <fieldset className="payouts__make">
            <legend>
              <Trans>Make a batch of the selected trades</Trans>
            </legend>
            <div className="field">
              <label htmlFor="method">
                <Trans>Payout method</Trans>
              </label>
              <select
                id="method"
                name="method"
                defaultValue={method}
                key={method}
                aria-invalid={formRefused.has('method') ? true : undefined}
                aria-describedby={formRefused.has('method') ? 'method-error' : undefined}
              >
                <option value="sepa">{t`SEPA transfer (XML file for the bank)`}</option>
                <option value="paypal">{t`PayPal (CSV file for bulk payouts)`}</option>
              </select>
              {formRefused.has('method') ? (
                <p className="field__error" id="method-error">
                  <Trans>Choose SEPA transfer or PayPal.</Trans>
                </p>
              ) : null}
            </div>
            {formRefused.has('tradeNumbers') ? (
              <p className="field__error" id="trades-error">
                <Trans>Select at least one trade (at most 5,000).</Trans>
              </p>
            ) : null}
            <p className="muted">
              <Trans>
                Select rows with Space; the box in the table's head selects the page. Filter by
                method first to select a page of one method.
              </Trans>
            </p>
            <button
              type="submit"
              className="button button--primary"
              disabled={submitting}
              aria-describedby={formRefused.has('tradeNumbers') ? 'trades-error' : undefined}
            >
              {submitting ? t`Making the batch…` : t`Make batch`}
            </button>
          </fieldset>
        </Form>
      )}
      <PayoutsPager path="/payouts" filters={{ method: filters.method }} list={loaderData} />
    </>
  );
}
