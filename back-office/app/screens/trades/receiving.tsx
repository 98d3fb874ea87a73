import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { apiErrorCode, opsReceiptEndpoint, tradeNumberSchema } from '@tradein/contract';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CsrfField, Field } from '../../components/field.tsx';
import { formatMoment } from '../../format.ts';
import { textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import {
  normalisedTradeNumber,
  receiptsKept,
  receivedWhenAndBy,
  sessionReceiptsCookie,
  sessionReceiptsOf,
  statusNamed,
  type SessionReceipt,
} from './receiving.server.ts';
import { statusLabels } from '../../trade-status.ts';
import type { TradeStatus } from '@tradein/contract';
import type { Route } from './+types/receiving';

export const meta: Route.MetaFunction = () => [{ title: 'Receiving · tradein back office' }];

/** Who receives parcels. */
const receivers = ['admin', 'inspector'] as const;

/** What one scan did. */
type Outcome =
  | { kind: 'received'; tradeNumber: string; devices: number; receipts: SessionReceipt[] }
  | { kind: 'invalid'; typed: string }
  | { kind: 'unknown'; tradeNumber: string }
  | { kind: 'already'; tradeNumber: string; at?: string; by?: string }
  | { kind: 'status'; tradeNumber: string; status?: TradeStatus };

/** The receipts of this bench session (see receiving.server.ts). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, receivers);
  return { receipts: sessionReceiptsOf(request) };
}

/** Records the receipt of the scanned or typed trade number. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, receivers);
  const form = await request.formData();
  const typed = (textOf(form, 'tradeNumber') ?? '').slice(0, 100);
  const parsed = tradeNumberSchema.safeParse(normalisedTradeNumber(typed));
  if (!parsed.success) return data<Outcome>({ kind: 'invalid', typed: typed.trim() }, 400);
  const tradeNumber = parsed.data;
  const answer = await callOps(context, request, opsReceiptEndpoint, {
    params: { tradeNumber },
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) {
    const devices = answer.data.lines.reduce((sum, line) => sum + line.quantity, 0);
    const receipts = [
      { tradeNumber, devices, at: new Date().toISOString() },
      ...sessionReceiptsOf(request).filter((receipt) => receipt.tradeNumber !== tradeNumber),
    ].slice(0, receiptsKept);
    return data<Outcome>(
      { kind: 'received', tradeNumber, devices, receipts },
      { headers: { 'set-cookie': sessionReceiptsCookie(receipts, request) } },
    );
  }
  if (answer.status === 404) return data<Outcome>({ kind: 'unknown', tradeNumber }, 404);
  if (answer.error.code === apiErrorCode.alreadyReceived) {
    return data<Outcome>(
      { kind: 'already', tradeNumber, ...receivedWhenAndBy(answer.error.message) },
      409,
    );
  }
  if (answer.status === 409) {
    const status = statusNamed(answer.error.message);
    return data<Outcome>(
      { kind: 'status', tradeNumber, ...(status === undefined ? {} : { status }) },
      409,
    );
  }
  throw data(null, { status: answer.status });
}

/** The live region's message for an outcome. */
function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  switch (outcome.kind) {
    case 'received': {
      const { tradeNumber, devices } = outcome;
      return (
        <Plural
          value={devices}
          one={`${tradeNumber} received: # device. Next parcel.`}
          other={`${tradeNumber} received: # devices. Next parcel.`}
        />
      );
    }
    case 'invalid':
      return <Trans>Not a trade number. Scan the label again or type it as T-2026-000123.</Trans>;
    case 'unknown': {
      const { tradeNumber } = outcome;
      return <Trans>No trade {tradeNumber} exists. Check the label and scan again.</Trans>;
    }
    case 'already': {
      const { tradeNumber, by } = outcome;
      const when = outcome.at === undefined ? undefined : formatMoment(outcome.at, locale);
      if (when !== undefined && by !== undefined)
        return (
          <Trans>
            {tradeNumber} was already received on {when} by {by}. Nothing recorded.
          </Trans>
        );
      if (when !== undefined)
        return (
          <Trans>
            {tradeNumber} was already received on {when}. Nothing recorded.
          </Trans>
        );
      return <Trans>{tradeNumber} was already received. Nothing recorded.</Trans>;
    }
    case 'status': {
      const { tradeNumber } = outcome;
      if (outcome.status === 'returned')
        return (
          <Trans>
            {tradeNumber} was returned to the seller and cannot be received. Nothing recorded.
          </Trans>
        );
      if (outcome.status === undefined)
        return <Trans>{tradeNumber} cannot be received in its status. Nothing recorded.</Trans>;
      const status = i18n._(statusLabels[outcome.status]);
      return (
        <Trans>
          {tradeNumber} is already past receipt (status: {status}). Nothing recorded.
        </Trans>
      );
    }
  }
}

/** Escape empties the field (a wrong scan, a number typed halfway). */
function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Escape') event.currentTarget.value = '';
}

/** The field of the trade number (remounted with each outcome, so found by its id). */
function tradeNumberField(): HTMLInputElement | null {
  const element = document.getElementById('tradeNumber');
  return element instanceof HTMLInputElement ? element : null;
}

export default function Receiving({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  // A scanner may send Enter twice; one receipt is recorded per scan.
  const pending = useRef(false);
  const outcome = actionData as Outcome | undefined;
  const submitting = navigation.state === 'submitting';
  const receipts = outcome?.kind === 'received' ? outcome.receipts : loaderData.receipts;

  useEffect(() => {
    if (!submitting) pending.current = false;
  }, [submitting]);

  // After each scan: empty and focused for the next parcel, or the refused number selected.
  useEffect(() => {
    const field = tradeNumberField();
    if (outcome === undefined || field === null) return;
    if (outcome.kind === 'received') {
      field.value = '';
      field.focus();
    } else {
      field.focus();
      field.select();
    }
  }, [outcome]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const field = tradeNumberField();
    if (pending.current || (field?.value.trim() ?? '') === '') {
      event.preventDefault();
      field?.focus();
      return;
    }
    pending.current = true;
  }

  const typed =
    outcome === undefined || outcome.kind === 'received'
      ? ''
      : outcome.kind === 'invalid'
        ? outcome.typed
        : outcome.tradeNumber;
  return (
    <>
      <h1>
        <Trans>Receiving</Trans>
      </h1>
      <p>
        <Trans>
          Scan the label of each parcel, or type its trade number and press Enter. The receipt is
          recorded at once and the field is ready for the next parcel.
        </Trans>
      </p>
      <Form
        method="post"
        className="receiving"
        onSubmit={onSubmit}
        aria-label={t`Receive a parcel`}
      >
        <CsrfField token={csrfToken} />
        <Field
          id="tradeNumber"
          key={outcome === undefined ? 'empty' : `${outcome.kind}-${typed}`}
          label={<Trans>Trade number</Trans>}
          hint={<Trans>As on the label, e.g. T-2026-000123.</Trans>}
          error={
            outcome?.kind === 'invalid' ? (
              <Trans>This is not a trade number: it looks like T-2026-000123.</Trans>
            ) : undefined
          }
          className="receiving__field"
          defaultValue={typed}
          // The bench's one field: the scanner types into it as soon as the page is open.
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="send"
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary" disabled={submitting}>
          <Trans>Record receipt</Trans>
        </button>
      </Form>
      <output
        aria-live="polite"
        aria-atomic="true"
        className={`receiving__message${outcome === undefined ? '' : outcome.kind === 'received' ? ' receiving__message--ok' : ' receiving__message--refused'}`}
      >
        {submitting ? <Trans>Recording…</Trans> : null}
        {!submitting && outcome !== undefined ? <OutcomeMessage outcome={outcome} /> : null}
      </output>
      <section aria-labelledby="receiving-shortcuts" className="panel">
        <h2 id="receiving-shortcuts">
          <Trans>Keyboard shortcuts</Trans>
        </h2>
        <dl className="facts">
          <dt>
            <kbd>Enter</kbd>
          </dt>
          <dd>
            <Trans>records the receipt of the number in the field (a scanner sends it)</Trans>
          </dd>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>
            <Trans>empties the field</Trans>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="receiving-session">
        <h2 id="receiving-session">
          <Trans>Received at this bench</Trans>
        </h2>
        {receipts.length === 0 ? (
          <EmptyState>
            <Trans>No parcels received in this session yet.</Trans>
          </EmptyState>
        ) : (
          <div className="table-scroll">
            <DataTable
              captionHidden
              caption={<Trans>The last ten receipts of this session, newest first</Trans>}
              columns={[
                { label: <Trans>Trade</Trans> },
                { label: <Trans>Devices</Trans>, number: true },
                { label: <Trans>Received</Trans> },
              ]}
            >
              {receipts.map((receipt) => (
                <tr key={receipt.tradeNumber}>
                  <th scope="row">
                    <Link to={`/trades/${receipt.tradeNumber}`}>{receipt.tradeNumber}</Link>
                  </th>
                  <td className="number">{receipt.devices}</td>
                  <td>{formatMoment(receipt.at, locale)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </>
  );
}
