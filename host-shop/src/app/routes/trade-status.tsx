import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TradeStatus, TradeStatusView } from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import { formatDate, formatMoney, type EditionCode } from '@tradein/editions/client';
import { Link } from 'react-router';
import { tradeStatusText, timelineStepText } from '../account/overview/trade-texts.ts';
import { tradeTimeline } from '../account/overview/trade-timeline.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import { loadTradeStatus, tradeStatusHeaders } from '../trade-status/trade-status.server.ts';
import type { Route } from './+types/trade-status';

/*
 * Where a trade stands, for a seller without an account (the signed link of the trade's mails
 * and of the thank-you page): status and its steps, devices, what to do before the parcel goes,
 * the label, the payout and the contact. Server-rendered, works without JavaScript.
 */

export async function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['tradeStatus']);
  const { view } = await loadTradeStatus(request, new URL(args.request.url));
  const { tradeNumber } = view;
  return {
    seo: pageSeo(request, {
      route: 'tradeStatus',
      title: i18n._(msg`Your trade ${tradeNumber}`),
      description: i18n._(msg`Where your trade stands and what comes next.`),
      noIndex: true,
      sharedAcrossEditions: false,
    }),
    view,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const headers = tradeStatusHeaders;

/** What the seller learns of each status, beyond its name. */
const statusExplanation: Readonly<Record<TradeStatus, ReturnType<typeof msg>>> = {
  created: msg`We are waiting for your parcel. Print the label, pack your devices and send them free of charge.`,
  received: msg`Your parcel has arrived. We inspect your devices next.`,
  inspected: msg`We have inspected your devices. If they match your answers, the payout follows; otherwise we make you a revised offer by e-mail.`,
  clarification: msg`We made you a revised offer by e-mail. Please decide on it with the link of that e-mail.`,
  accepted: msg`Your trade is accepted. The payout is on its way.`,
  returned: msg`Your devices are on their way back to you, free of charge. Nothing is paid for this trade.`,
  paid: msg`We have paid you. Thank you for trading with us.`,
};

export default function TradeStatusPage({ loaderData }: Route.ComponentProps) {
  const { view, contactPath } = loaderData;
  const { i18n } = useLingui();
  const { tradeNumber, edition } = view;
  const status = i18n._(tradeStatusText[view.status]);
  const total = formatMoney(edition, view.totalCents);
  const { email } = view.afterSale.contact;
  return (
    <main id="main" className="page trade-status-page" data-status={view.status}>
      <h1>
        <Trans>Your trade {tradeNumber}</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Status: <strong>{status}</strong>
        </Trans>
      </p>
      <p>{i18n._(statusExplanation[view.status])}</p>
      <Steps view={view} />
      <section aria-labelledby="trade-status-devices">
        <h2 id="trade-status-devices">
          <Trans>Your devices</Trans>
        </h2>
        <ul>
          {view.items.map((item, index) => (
            <DeviceLine key={index} item={item} edition={edition} />
          ))}
        </ul>
        <p>
          <Trans>Total payout: {total}</Trans>
        </p>
      </section>
      {view.status === 'created' ? <BeforeShipping view={view} /> : null}
      <Payout view={view} />
      <section aria-labelledby="trade-status-contact">
        <h2 id="trade-status-contact">
          <Trans>Questions?</Trans>
        </h2>
        <p>
          <Trans>Name your trade number {tradeNumber} when you write to us.</Trans>
        </p>
        <p>
          <Link className="button" to={contactPath}>
            <Trans>Contact us</Trans>
          </Link>
        </p>
        <p>
          <Trans>
            Or write to <a href={`mailto:${email}`}>{email}</a>.
          </Trans>
        </p>
      </section>
    </main>
  );
}

/** The steps of the trade: reached ones with their dates, then those to come. */
function Steps({ view }: { view: TradeStatusView }) {
  const { i18n } = useLingui();
  const steps = tradeTimeline({
    status: view.status,
    events: view.events.map((event) => ({ ...event, note: null })),
  });
  return (
    <ol className="timeline" aria-label={i18n._(msg`Steps of your trade`)}>
      {steps.map((step) => (
        <li
          key={step.name}
          className={`timeline__step timeline__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__name">{i18n._(timelineStepText[step.name])}</span>{' '}
          {step.at === null ? null : (
            <time className="timeline__when" dateTime={step.at}>
              {formatDate(view.edition, step.at)}
            </time>
          )}
        </li>
      ))}
    </ol>
  );
}

function DeviceLine({
  item,
  edition,
}: {
  item: TradeStatusView['items'][number];
  edition: EditionCode;
}) {
  const { quantity, name } = item;
  const price = formatMoney(edition, item.priceCents * item.quantity);
  return (
    <li>
      {item.returned ? (
        <Trans>
          {quantity} × {name}: sent back to you
        </Trans>
      ) : (
        <Trans>
          {quantity} × {name}: {price}
        </Trans>
      )}
    </li>
  );
}

/** The ship-by date, the label and what to do before packing, while the parcel is awaited. */
function BeforeShipping({ view }: { view: TradeStatusView }) {
  const shipBy = formatDate(view.edition, view.afterSale.shipBy);
  return (
    <section aria-labelledby="trade-status-shipping">
      <h2 id="trade-status-shipping">
        <Trans>Send your parcel by {shipBy}</Trans>
      </h2>
      <p>
        <Trans>Until then the shipping label and your offer are valid.</Trans>
      </p>
      <p>
        <a className="button" href={view.labelPath} download={`label-${view.tradeNumber}.pdf`}>
          <Trans>Download the shipping label (PDF)</Trans>
        </a>
      </p>
      <h3>
        <Trans>Before you pack</Trans>
      </h3>
      {view.afterSale.preparation.map((kind) => (
        <div key={kind.kind}>
          <h4>{kind.heading}</h4>
          <ul>
            {kind.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** How and when the money comes. */
function Payout({ view }: { view: TradeStatusView }) {
  const { payout, payoutBusinessDays: days } = view.afterSale;
  if (view.status === 'returned') return null;
  const last4 = payout.method === 'sepa' ? payout.ibanLast4 : '';
  return (
    <section aria-labelledby="trade-status-payout">
      <h2 id="trade-status-payout">
        <Trans>Your payout</Trans>
      </h2>
      <p>
        {payout.method === 'paypal' ? (
          <Trans>We pay you by PayPal to the address you gave at checkout.</Trans>
        ) : (
          <Trans>We pay you by SEPA transfer to your account ending in {last4}.</Trans>
        )}
      </p>
      {view.status === 'paid' ? null : (
        <p>
          <Trans>
            The money arrives within {days} business days after we have accepted your devices: right
            after the inspection when they match your answers.
          </Trans>
        </p>
      )}
    </section>
  );
}
