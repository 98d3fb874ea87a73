import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  cancelPayoutBatchEndpoint,
  confirmPayoutBatchEndpoint,
  payoutBatchEndpoint,
} from '@tradein/contract';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { CsrfField, FormAlert, FormNotice } from '../../components/field.tsx';
import { formatCents, formatMoment } from '../../format.ts';
import { textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { requireStaffSession } from '../../staff-session.server.ts';
import { statusName } from '../../trade-status.ts';
import { useLocale } from '../../use-locale.ts';
import { TradeRowHead } from '../../components/trade-row-head.tsx';
import { BatchState, MethodName, Payee } from './payout-parts.tsx';
import type { Route } from './+types/payout-batch';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.batchNumber} · tradein back office` },
];

/** The steps the page can show besides the batch: a confirmation before confirm or cancel. */
type Step = 'confirm' | 'cancel' | undefined;

/** What the page says after a redirect here. */
type Done = 'made' | 'confirmed' | 'cancelled' | undefined;

/** The batch with its trades; `?step=` asks before confirming or cancelling. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['payouts']);
  const answer = await callOps(context, request, payoutBatchEndpoint, {
    params: { batchNumber: params.batchNumber },
  });
  if (!answer.ok) {
    throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  }
  const url = new URL(request.url);
  const step = url.searchParams.get('step');
  const done = url.searchParams.get('done');
  return {
    ...answer.data,
    step: (step === 'confirm' || step === 'cancel' ? step : undefined) as Step,
    done: (url.searchParams.get('made') === '1'
      ? 'made'
      : done === 'confirmed' || done === 'cancelled'
        ? done
        : undefined) as Done,
  };
}

/** What the page says after a refused confirm or cancel. */
type Outcome = { kind: 'closed' } | { kind: 'noIntent' };

/** Confirms the batch paid or cancels it, by the form's `intent`. */
export async function action({ context, request, params }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['payouts']);
  const form = await request.formData();
  const intent = textOf(form, 'intent');
  if (intent !== 'confirm' && intent !== 'cancel') {
    return data<Outcome>({ kind: 'noIntent' }, 400);
  }
  const endpoint = intent === 'confirm' ? confirmPayoutBatchEndpoint : cancelPayoutBatchEndpoint;
  const answer = await callOps(context, request, endpoint, {
    params: { batchNumber: params.batchNumber },
    body: {},
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) {
    throw redirect(
      `/payouts/batches/${params.batchNumber}?done=${intent === 'confirm' ? 'confirmed' : 'cancelled'}`,
    );
  }
  if (answer.status === 409) return data<Outcome>({ kind: 'closed' }, 409);
  throw data(null, { status: answer.status === 400 ? 404 : answer.status });
}

/** A batch trade's status now, in words. */
function TradeStatus({ status }: { status: string }) {
  const { i18n } = useLingui();
  if (status === 'paid') return <Trans>paid</Trans>;
  if (status === 'inspected') return <Trans>inspected, waiting for the payout</Trans>;
  if (status === 'accepted') return <Trans>accepted, waiting for the payout</Trans>;
  return <>{statusName(i18n, status)}</>;
}

export default function PayoutBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const { batch, trades, step, done } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const number = batch.batchNumber;
  const count = batch.tradeCount;
  const total = formatCents(batch.totalCents, locale);
  const isOpen = batch.state === 'open';
  const submitting = navigation.state === 'submitting';
  const fileHref = `/payouts/batches/${number}/file`;
  return (
    <>
      <p className="payouts__links">
        <Link to="/payouts/batches">
          <Trans>All batches</Trans>
        </Link>{' '}
        ·{' '}
        <Link to="/payouts">
          <Trans>Trades ready to pay</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Payout batch {number}</Trans>
      </h1>
      {done === 'made' ? (
        <FormNotice>
          <Trans>
            Batch {number} is made with <Plural value={count} one="# trade" other="# trades" />,{' '}
            {total} in all. Download its file and hand it to the bank or PayPal; then confirm it
            paid here.
          </Trans>
        </FormNotice>
      ) : null}
      {done === 'confirmed' ? (
        <FormNotice>
          <Trans>
            Batch {number} is confirmed:{' '}
            <Plural value={count} one="its trade is paid" other="its # trades are paid" />, and each
            seller is mailed and sees it in the trade's timeline.
          </Trans>
        </FormNotice>
      ) : null}
      {done === 'cancelled' ? (
        <FormNotice>
          <Trans>
            Batch {number} is cancelled: its trades are ready to pay again. Do not use its file.
          </Trans>
        </FormNotice>
      ) : null}
      {outcome?.kind === 'closed' ? (
        <FormAlert>
          <Trans>This batch is closed already: nothing was changed.</Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'noIntent' ? (
        <FormAlert>
          <Trans>Choose "Confirm paid" or "Cancel batch".</Trans>
        </FormAlert>
      ) : null}
      {isOpen && step === 'confirm' ? (
        <section className="panel payouts-confirm" aria-labelledby="step-heading">
          <h2 id="step-heading">
            <Trans>Confirm that {number} was paid out</Trans>
          </h2>
          <p>
            <Trans>
              <Plural value={count} one="# trade" other="# trades" />, {total} in all. Confirm only
              once the bank or PayPal has taken the file. The trades become paid, each seller gets
              the paid mail, and the trade's timeline shows the payout.
            </Trans>
          </p>
          <Form method="post" className="inline-form">
            <CsrfField token={csrfToken} />
            <button
              type="submit"
              name="intent"
              value="confirm"
              className="button button--primary"
              disabled={submitting}
            >
              <Trans>Yes, confirm {number} paid</Trans>
            </button>
            <Link to={`/payouts/batches/${number}`} className="button">
              <Trans>Back without confirming</Trans>
            </Link>
          </Form>
        </section>
      ) : null}
      {isOpen && step === 'cancel' ? (
        <section className="panel payouts-confirm" aria-labelledby="step-heading">
          <h2 id="step-heading">
            <Trans>Cancel batch {number}?</Trans>
          </h2>
          <p>
            <Trans>
              <Plural value={count} one="Its trade" other="Its # trades" /> ({total}) become ready
              to pay again. Do not hand its file to the bank or PayPal afterwards.
            </Trans>
          </p>
          <Form method="post" className="inline-form">
            <CsrfField token={csrfToken} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="button button--danger"
              disabled={submitting}
            >
              <Trans>Yes, cancel {number}</Trans>
            </button>
            <Link to={`/payouts/batches/${number}`} className="button">
              <Trans>Back without cancelling</Trans>
            </Link>
          </Form>
        </section>
      ) : null}
      <dl className="facts payouts__facts">
        <dt>
          <Trans>State</Trans>
        </dt>
        <dd>
          <BatchState state={batch.state} />
        </dd>
        <dt>
          <Trans>Method</Trans>
        </dt>
        <dd>
          <MethodName method={batch.method} />
        </dd>
        <dt>
          <Trans>Trades</Trans>
        </dt>
        <dd>{count}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{total}</dd>
        <dt>
          <Trans>Made</Trans>
        </dt>
        <dd>
          <Trans>
            {formatMoment(batch.createdAt, locale)} by {batch.createdBy.label}
          </Trans>
        </dd>
        <dt>
          <Trans>Closed</Trans>
        </dt>
        <dd>
          {batch.closedAt === null ? (
            <Trans>not yet</Trans>
          ) : (
            <Trans>
              {formatMoment(batch.closedAt, locale)} by {batch.closedBy?.label}
            </Trans>
          )}
        </dd>
        <dt>
          <Trans>File</Trans>
        </dt>
        <dd>
          <a href={fileHref} download>
            <Trans>Download {batch.fileName}</Trans>
          </a>
        </dd>
      </dl>
      {isOpen && step === undefined ? (
        <div className="inline-form payouts__actions">
          <Link to={`/payouts/batches/${number}?step=confirm`} className="button button--primary">
            <Trans>Confirm paid…</Trans>
          </Link>
          <Link to={`/payouts/batches/${number}?step=cancel`} className="button button--danger">
            <Trans>Cancel batch…</Trans>
          </Link>
        </div>
      ) : null}
      <div className="payouts-scroll">
        <DataTable
          captionId="batch-caption"
          caption={t`Trades of ${number}`}
          columns={[
            { label: <Trans>Trade</Trans> },
            { label: <Trans>Payee</Trans> },
            { label: <Trans>Amount</Trans>, number: true },
            { label: <Trans>Status</Trans> },
          ]}
        >
          {trades.map((trade) => (
            <tr key={trade.tradeNumber}>
              <TradeRowHead tradeNumber={trade.tradeNumber} customerName={trade.customerName} />
              <td>
                <Payee payee={trade.payee} />
              </td>
              <td className="number">{formatCents(trade.amountCents, locale)}</td>
              <td>
                <TradeStatus status={trade.status} />
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </>
  );
}
