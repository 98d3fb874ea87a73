import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  catalogueDeviceEndpoint,
  deviceRetirementEndpoint,
  devicePriceEndpoint,
} from '@tradein/contract';
import { data, Form, Link, useNavigation } from 'react-router';
import { CsrfField, Field, FormAlert, FormNotice } from '../../components/field.tsx';
import { formatCents, formatMoment } from '../../format.ts';
import { parseForm, refusedByApi, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { centsOfEuros, isLargeMoveRefusal, movesMoreThanHalf } from './catalogue-forms.ts';
import {
  CatalogueNav,
  catalogueEditions,
  isCatalogueEdition,
  type CatalogueEdition,
  Price,
  ScrollingTable,
  StepHeading,
} from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-device';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.device.name ?? 'Device'} · tradein back office` },
];

/** The device, its prices in every edition and their history. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const answer = await callOps(context, request, catalogueDeviceEndpoint, {
    params: { deviceId: params.deviceId },
  });
  if (!answer.ok) throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  return { detail: answer.data };
}

/** What the page says after a form. */
type Outcome =
  | { kind: 'priceChanged'; edition: string; changed: boolean }
  | {
      kind: 'priceRefused';
      edition: string;
      refused: string[];
      base: string;
      recycling: string;
      message?: string;
    }
  | {
      kind: 'confirmPrice';
      edition: string;
      base: string;
      recycling: string;
      baseCents: number;
      recyclingCents: number;
      basedOnRevision: string;
    }
  | { kind: 'changedMeanwhile'; edition: string }
  | { kind: 'confirmRetirement'; reason: string }
  | { kind: 'retirementRefused'; reason: string }
  | { kind: 'retired'; already: boolean };

/** Changes a price (asking first when it moves more than half) or retires the device. */
export async function action({ context, request, params }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  const intent = textOf(form, 'intent');
  const deviceId = params.deviceId;
  if (intent === 'retire-check' || intent === 'retire') {
    const reason = textOf(form, 'reason') ?? '';
    const body = { reason, dryRun: intent === 'retire-check' };
    const parsed = parseForm(deviceRetirementEndpoint.body, body);
    if (!parsed.ok) return data<Outcome>({ kind: 'retirementRefused', reason }, 400);
    const answer = await callOps(context, request, deviceRetirementEndpoint, {
      params: { deviceId },
      body: parsed.data,
      csrfToken,
    });
    if (!answer.ok) {
      if (answer.status !== 400) throw data(null, { status: answer.status });
      return data<Outcome>({ kind: 'retirementRefused', reason }, 400);
    }
    if (answer.data.status === 'already-retired') {
      return data<Outcome>({ kind: 'retired', already: true });
    }
    if (intent === 'retire-check') return data<Outcome>({ kind: 'confirmRetirement', reason });
    return data<Outcome>({ kind: 'retired', already: false });
  }
  const edition = textOf(form, 'edition') ?? '';
  const base = textOf(form, 'base') ?? '';
  const recycling = textOf(form, 'recycling') ?? '';
  const basedOnRevision = textOf(form, 'basedOnRevision');
  const force = textOf(form, 'force') === 'true';
  const baseCents = centsOfEuros(base);
  const recyclingCents = centsOfEuros(recycling);
  const refusedLocally = [
    ...(isCatalogueEdition(edition) ? [] : ['edition']),
    ...(baseCents === undefined ? ['basePriceCents'] : []),
    ...(recyclingCents === undefined ? ['recyclingPriceCents'] : []),
  ];
  const refusal = (refused: string[], message?: string) =>
    data<Outcome>(
      {
        kind: 'priceRefused',
        edition,
        refused,
        base,
        recycling,
        ...(message === undefined ? {} : { message }),
      },
      400,
    );
  if (refusedLocally.length > 0 || baseCents === undefined || recyclingCents === undefined) {
    return refusal(refusedLocally);
  }
  const body = {
    basePriceCents: baseCents,
    recyclingPriceCents: recyclingCents,
    force,
    ...(basedOnRevision === undefined || basedOnRevision === '' ? {} : { basedOnRevision }),
  };
  const parsed = parseForm(devicePriceEndpoint.body, body);
  if (!parsed.ok) return refusal(parsed.refused);
  // A move of more than half a price is asked about: the form again, with a confirmation.
  const confirmation = () =>
    data<Outcome>({
      kind: 'confirmPrice',
      edition,
      base,
      recycling,
      baseCents,
      recyclingCents,
      basedOnRevision: basedOnRevision ?? '',
    });
  if (!force) {
    // A move of more than half the current price is asked about before it is sent.
    const current = await callOps(context, request, catalogueDeviceEndpoint, {
      params: { deviceId },
    });
    if (!current.ok) throw data(null, { status: current.status === 400 ? 404 : current.status });
    const before = current.data.prices.find((price) => price.edition === edition);
    if (
      movesMoreThanHalf(before?.basePriceCents, baseCents) ||
      movesMoreThanHalf(before?.recyclingPriceCents, recyclingCents)
    ) {
      return confirmation();
    }
  }
  const answer = await callOps(context, request, devicePriceEndpoint, {
    params: { deviceId, edition: edition as CatalogueEdition },
    body: parsed.data,
    csrfToken,
  });
  if (answer.ok) {
    return data<Outcome>({ kind: 'priceChanged', edition, changed: answer.data.prices > 0 });
  }
  if (answer.error.code === apiErrorCode.changedMeanwhile) {
    return data<Outcome>({ kind: 'changedMeanwhile', edition }, 409);
  }
  if (answer.status !== 400) throw data(null, { status: answer.status });
  const largeMove = (answer.error.fields ?? []).find((field) => isLargeMoveRefusal(field.message));
  if (largeMove !== undefined) {
    return confirmation();
  }
  return refusal(refusedByApi(answer.error), answer.error.fields?.[0]?.message);
}

const priceMessages = {
  basePriceCents: msg`Enter the base price in euros, e.g. 129 or 129.90.`,
  recyclingPriceCents: msg`Enter the recycling price in euros, at most the base price.`,
};

/** Cents as the euros a price field shows, e.g. "129.90". */
function euros(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** The form that changes one edition's prices. */
function PriceForm({
  edition,
  base,
  recycling,
  basedOnRevision,
  outcome,
}: {
  edition: string;
  base: number | null;
  recycling: number | null;
  basedOnRevision: number | null;
  outcome: Outcome | undefined;
}) {
  const { i18n, t } = useLingui();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const mine = outcome !== undefined && 'edition' in outcome && outcome.edition === edition;
  const refused = new Set(mine && outcome.kind === 'priceRefused' ? outcome.refused : []);
  const typed = mine && outcome.kind === 'priceRefused' ? outcome : undefined;
  const label = edition.toUpperCase();
  const prices = [
    {
      name: 'base',
      refusedAs: 'basePriceCents',
      label: t`Base price in ${label} (€)`,
      value: typed?.base ?? euros(base),
      error: () => typed?.message ?? i18n._(priceMessages.basePriceCents),
    },
    {
      name: 'recycling',
      refusedAs: 'recyclingPriceCents',
      label: t`Recycling price in ${label} (€)`,
      value: typed?.recycling ?? euros(recycling),
      error: () => i18n._(priceMessages.recyclingPriceCents),
    },
  ];
  return (
    <Form method="post" className="catalogue-price-form" noValidate>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="edition" value={edition} />
      {basedOnRevision === null ? null : (
        <input type="hidden" name="basedOnRevision" value={basedOnRevision} />
      )}
      {prices.map((price) => (
        <Field
          key={price.name}
          id={`${price.name}-${edition}`}
          name={price.name}
          inputMode="decimal"
          autoComplete="off"
          label={price.label}
          defaultValue={price.value}
          error={refused.has(price.refusedAs) ? price.error() : undefined}
        />
      ))}
      <button
        type="submit"
        className="button button--primary"
        disabled={navigation.state === 'submitting'}
      >
        {t`Save prices in ${label}`}
      </button>
    </Form>
  );
}

export default function CatalogueDevice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const { detail } = loaderData;
  const { device } = detail;
  const outcome = actionData as Outcome | undefined;
  // Newest first: by revision (revisions are numbered in the order they were written).
  const history = detail.history.toSorted(
    (a, b) => b.revisionId - a.revisionId || a.edition.localeCompare(b.edition),
  );
  return (
    <>
      <p>
        <Link to="/catalogue">
          <Trans>Back to the catalogue</Trans>
        </Link>
      </p>
      <h1>{device.name}</h1>
      <CatalogueNav />
      <dl className="facts">
        <dt>
          <Trans>Id</Trans>
        </dt>
        <dd>{device.id}</dd>
        <dt>
          <Trans>Manufacturer and series</Trans>
        </dt>
        <dd>
          {device.manufacturer.name} · {device.series.name}
        </dd>
        <dt>
          <Trans>Category</Trans>
        </dt>
        <dd>{device.category.name}</dd>
        <dt>
          <Trans>State</Trans>
        </dt>
        <dd>
          {device.retiredAt === null ? (
            <Trans>Current: offered in the shop</Trans>
          ) : (
            <Trans>
              Retired since {formatMoment(device.retiredAt, locale)}: no new offers; trades made
              before go on
            </Trans>
          )}
        </dd>
      </dl>
      {outcome?.kind === 'priceChanged' ? (
        <FormNotice>
          {outcome.changed ? (
            <Trans>The prices in {outcome.edition.toUpperCase()} are saved.</Trans>
          ) : (
            <Trans>The prices in {outcome.edition.toUpperCase()} were already these.</Trans>
          )}
        </FormNotice>
      ) : null}
      {outcome?.kind === 'changedMeanwhile' ? (
        <FormAlert>
          <Trans>
            Someone changed the catalogue while this page was open; nothing was saved. The page now
            shows the current prices: enter the change again.
          </Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'priceRefused' ? (
        <FormAlert>
          <Trans>The prices were not saved: see the fields below.</Trans>
        </FormAlert>
      ) : null}
      {outcome?.kind === 'confirmPrice' ? (
        <section className="panel catalogue-confirm" aria-labelledby="confirm-price-heading">
          <StepHeading id="confirm-price-heading">
            <Trans>Move the price by more than half?</Trans>
          </StepHeading>
          <p>
            <Trans>
              The new prices in {outcome.edition.toUpperCase()} are{' '}
              {formatCents(outcome.baseCents, locale)} (base) and{' '}
              {formatCents(outcome.recyclingCents, locale)} (recycling): more than 50 % away from
              the current price. Is this intended?
            </Trans>
          </p>
          <div className="inline-form">
            <Form method="post">
              <CsrfField token={csrfToken} />
              <input type="hidden" name="intent" value="price" />
              <input type="hidden" name="edition" value={outcome.edition} />
              <input type="hidden" name="base" value={outcome.base} />
              <input type="hidden" name="recycling" value={outcome.recycling} />
              <input type="hidden" name="force" value="true" />
              {outcome.basedOnRevision === '' ? null : (
                <input type="hidden" name="basedOnRevision" value={outcome.basedOnRevision} />
              )}
              <button type="submit" className="button button--primary">
                <Trans>Yes, save these prices</Trans>
              </button>
            </Form>
            <Link to={`/catalogue/devices/${device.id}`} className="button">
              <Trans>No, keep the current prices</Trans>
            </Link>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="prices-heading">
        <h2 id="prices-heading">
          <Trans>Prices per edition</Trans>
        </h2>
        <div className="catalogue-editions">
          {catalogueEditions.map((edition) => {
            const price = detail.prices.find((each) => each.edition === edition);
            return (
              <section
                key={edition}
                className="panel"
                aria-label={t`Prices in ${edition.toUpperCase()}`}
              >
                <h3>{edition.toUpperCase()}</h3>
                <p>
                  {price === undefined ? (
                    <Trans>No price in this edition yet.</Trans>
                  ) : (
                    <Trans>
                      Now {formatCents(price.basePriceCents, locale)}, recycling{' '}
                      {formatCents(price.recyclingPriceCents, locale)}
                    </Trans>
                  )}
                </p>
                <PriceForm
                  edition={edition}
                  base={price?.basePriceCents ?? null}
                  recycling={price?.recyclingPriceCents ?? null}
                  basedOnRevision={detail.basedOnRevision}
                  outcome={outcome}
                />
              </section>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">
          <Trans>Price history</Trans>
        </h2>
        {history.length === 0 ? (
          <p className="empty">
            <Trans>No price of this device has changed yet.</Trans>
          </p>
        ) : (
          <ScrollingTable label={t`Price changes, newest first`}>
            <table className="table">
              <caption>
                <Trans>Price changes, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>When</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Who</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Edition</Trans>
                  </th>
                  <th scope="col" className="number">
                    <Trans>Base price</Trans>
                  </th>
                  <th scope="col" className="number">
                    <Trans>Recycling price</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Revision</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry) => (
                  <tr key={`${entry.revisionId}-${entry.edition}`}>
                    <th scope="row">{formatMoment(entry.at, locale)}</th>
                    <td>
                      {entry.actor}
                      <br />
                      <span className="muted">{entry.source}</span>
                    </td>
                    <td>{entry.edition.toUpperCase()}</td>
                    <td className="number">
                      <Price cents={entry.oldBasePriceCents} /> →{' '}
                      <Price cents={entry.newBasePriceCents} />
                    </td>
                    <td className="number">
                      <Price cents={entry.oldRecyclingPriceCents} /> →{' '}
                      <Price cents={entry.newRecyclingPriceCents} />
                    </td>
                    <td>
                      {entry.revisionId}
                      {entry.note === '' ? null : (
                        <>
                          <br />
                          <span className="muted">{entry.note}</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        )}
      </section>
      <section className="panel" aria-labelledby="retire-heading">
        <h2 id="retire-heading">
          <Trans>Retire the device</Trans>
        </h2>
        {outcome?.kind === 'retired' ? (
          <FormNotice>
            {outcome.already ? (
              <Trans>The device was retired already; nothing changed.</Trans>
            ) : (
              <Trans>The device is retired: it can no longer be offered. Trades go on.</Trans>
            )}
          </FormNotice>
        ) : null}
        {device.retiredAt !== null ? (
          <p>
            <Trans>This device is retired.</Trans>
          </p>
        ) : outcome?.kind === 'confirmRetirement' ? (
          <div className="catalogue-confirm">
            <StepHeading id="confirm-retirement-heading" level={3}>
              <Trans>Retire this device?</Trans>
            </StepHeading>
            <p>
              <Trans>
                Retire {device.name}? Sellers can no longer get an offer for it; offers and trades
                made before stay valid. Reason: {outcome.reason}
              </Trans>
            </p>
            <div className="inline-form">
              <Form method="post">
                <CsrfField token={csrfToken} />
                <input type="hidden" name="intent" value="retire" />
                <input type="hidden" name="reason" value={outcome.reason} />
                <button type="submit" className="button button--danger">
                  <Trans>Yes, retire the device</Trans>
                </button>
              </Form>
              <Link to={`/catalogue/devices/${device.id}`} className="button">
                <Trans>No, keep it</Trans>
              </Link>
            </div>
          </div>
        ) : (
          <Form method="post" className="stack" noValidate>
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="retire-check" />
            <Field
              id="reason"
              autoComplete="off"
              required
              label={<Trans>Reason</Trans>}
              hint={<Trans>Goes into the revision's note and the audit log.</Trans>}
              defaultValue={outcome?.kind === 'retirementRefused' ? outcome.reason : ''}
              error={
                outcome?.kind === 'retirementRefused' ? (
                  <Trans>Give a reason: one line of at most 500 characters.</Trans>
                ) : undefined
              }
            />
            <button type="submit" className="button button--danger">
              <Trans>Retire…</Trans>
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
