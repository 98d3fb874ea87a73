import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  priceAdjustmentEndpoint,
  type CataloguePriceChangeSummary,
} from '@tradein/contract';
import { data, Form, useNavigation } from 'react-router';
import { CsrfField, Field, FormAlert } from '../../components/field.tsx';
import { parseForm, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { pricingOnlyLoader } from './catalogue-api.server.ts';
import { isLargeMoveRefusal } from './catalogue-forms.ts';
import {
  catalogueEditions,
  CatalogueNav,
  PriceChangeApplied,
  PriceChangePreview,
} from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-adjust';

export const meta: Route.MetaFunction = () => [{ title: 'Adjust prices · tradein back office' }];

export const loader = pricingOnlyLoader;

/** What was typed, to fill the form again. */
interface Typed {
  edition: string;
  scope: string;
  name: string;
  percent: string;
  force: boolean;
}

type Summary = CataloguePriceChangeSummary;

type Outcome =
  | { kind: 'preview'; typed: Typed; summary: Summary; changedMeanwhile: boolean }
  | { kind: 'applied'; typed: Typed; summary: Summary }
  | { kind: 'refused'; typed: Typed; fields: { field: string; message?: string }[] };

const scopes = ['series', 'manufacturer', 'category'] as const;

/** Previews (dry run) or applies with the previewed revision. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  const intent = textOf(form, 'intent') === 'apply' ? 'apply' : 'preview';
  const typed: Typed = {
    edition: textOf(form, 'edition') ?? '',
    scope: textOf(form, 'scope') ?? '',
    name: textOf(form, 'name') ?? '',
    percent: (textOf(form, 'percent') ?? '').trim().replace(',', '.'),
    force: textOf(form, 'force') === 'true',
  };
  const scope = scopes.find((each) => each === typed.scope);
  if (scope === undefined) {
    return data<Outcome>({ kind: 'refused', typed, fields: [{ field: 'scope' }] }, 400);
  }
  const basedOnRevision = textOf(form, 'basedOnRevision');
  const body = (dryRun: boolean) => ({
    edition: typed.edition,
    [scope]: typed.name,
    percent: typed.percent,
    dryRun,
    force: typed.force,
    ...(dryRun || basedOnRevision === undefined ? {} : { basedOnRevision }),
  });
  const preview = async (changedMeanwhile: boolean) => {
    const parsed = parseForm(priceAdjustmentEndpoint.body, body(true));
    if (!parsed.ok) {
      return data<Outcome>(
        { kind: 'refused', typed, fields: parsed.refused.map((field) => ({ field })) },
        400,
      );
    }
    const answer = await callOps(context, request, priceAdjustmentEndpoint, {
      body: parsed.data,
      csrfToken,
    });
    if (answer.ok) {
      return data<Outcome>({ kind: 'preview', typed, summary: answer.data, changedMeanwhile });
    }
    if (answer.status !== 400 && answer.status !== 404) throw data(null, { status: answer.status });
    return data<Outcome>(
      {
        kind: 'refused',
        typed,
        fields: (answer.error.fields ?? [{ path: 'name', message: answer.error.message }]).map(
          (field) => ({
            field: ['series', 'manufacturer', 'category'].includes(field.path)
              ? 'name'
              : field.path,
            message: field.message,
          }),
        ),
      },
      400,
    );
  };
  if (intent === 'preview') return preview(false);
  const parsed = parseForm(priceAdjustmentEndpoint.body, body(false));
  if (!parsed.ok) return preview(false);
  const answer = await callOps(context, request, priceAdjustmentEndpoint, {
    body: parsed.data,
    csrfToken,
  });
  if (answer.ok) return data<Outcome>({ kind: 'applied', typed, summary: answer.data });
  if (answer.error.code === apiErrorCode.changedMeanwhile) return preview(true);
  if (answer.status !== 400 && answer.status !== 404) throw data(null, { status: answer.status });
  return preview(false);
}

export default function CatalogueAdjust({ actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const outcome = actionData as Outcome | undefined;
  const typed = outcome?.typed;
  const refused = new Map(
    outcome?.kind === 'refused'
      ? outcome.fields.map((field) => [field.field, field.message] as const)
      : [],
  );
  const busy = navigation.state === 'submitting';
  const percentError = refused.has('percent')
    ? isLargeMoveRefusal(refused.get('percent') ?? '')
      ? t`This moves prices by more than 50 %: tick "Allow moves of more than 50 %" if intended.`
      : t`Enter a percentage above -100 with at most four decimal places, e.g. -5 or 2.5.`
    : undefined;
  return (
    <>
      <h1>
        <Trans>Adjust prices by a percentage</Trans>
      </h1>
      <CatalogueNav />
      <p>
        <Trans>
          Moves the base prices of a series, manufacturer or category in one edition; a recycling
          price above its new base price is lowered to it. You see a preview first.
        </Trans>
      </p>
      {outcome?.kind === 'refused' ? (
        <FormAlert>
          <Trans>Nothing was changed: see the fields below.</Trans>
        </FormAlert>
      ) : null}
      <Form method="post" className="panel stack" noValidate>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="preview" />
        <div className="field">
          <label htmlFor="edition">
            <Trans>Edition</Trans>
          </label>
          <select id="edition" name="edition" defaultValue={typed?.edition ?? 'de'}>
            {catalogueEditions.map((edition) => (
              <option key={edition} value={edition}>
                {edition.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="scope">
            <Trans>What to adjust</Trans>
          </label>
          <select id="scope" name="scope" defaultValue={typed?.scope ?? 'series'}>
            <option value="series">{t`A series`}</option>
            <option value="manufacturer">{t`A manufacturer`}</option>
            <option value="category">{t`A category`}</option>
          </select>
        </div>
        <Field
          id="name"
          autoComplete="off"
          required
          label={<Trans>Its name or key</Trans>}
          hint={<Trans>As the edition names it, e.g. iPhone 13 or apple.</Trans>}
          defaultValue={typed?.name ?? ''}
          error={
            refused.has('name') || refused.has('scope')
              ? (refused.get('name') ??
                t`Name a series, manufacturer or category of the catalogue.`)
              : undefined
          }
        />
        <Field
          id="percent"
          inputMode="decimal"
          autoComplete="off"
          required
          label={<Trans>Percentage</Trans>}
          hint={<Trans>Negative lowers prices, e.g. -5; positive raises them, e.g. 2.5.</Trans>}
          defaultValue={typed?.percent ?? ''}
          error={percentError}
        />
        <label className="catalogue-check">
          <input type="checkbox" name="force" value="true" defaultChecked={typed?.force ?? false} />
          <Trans>Allow moves of more than 50 %</Trans>
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Preview</Trans>
        </button>
      </Form>
      <div aria-live="polite">
        {outcome?.kind === 'preview' ? (
          <PriceChangePreview
            summary={outcome.summary}
            changedMeanwhile={outcome.changedMeanwhile}
            fields={{
              edition: outcome.typed.edition,
              scope: outcome.typed.scope,
              name: outcome.typed.name,
              percent: outcome.typed.percent,
              force: outcome.typed.force ? 'true' : undefined,
            }}
            applyLabel={<Trans>Apply this change</Trans>}
          />
        ) : null}
        {outcome?.kind === 'applied' ? (
          <PriceChangeApplied summary={outcome.summary} heading={<Trans>Applied</Trans>} />
        ) : null}
      </div>
    </>
  );
}
