import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  maxCatalogueUploadBytes,
  priceImportEndpoint,
  type CataloguePriceChangeSummary,
} from '@tradein/contract';
import { data } from 'react-router';
import { FormAlert } from '../../components/field.tsx';
import { textOf } from '../../forms.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { importPriceCsv, pricingOnlyLoader, problemsOf } from './catalogue-api.server.ts';
import { isLargeMoveRefusal } from './catalogue-forms.ts';
import {
  catalogueEditions,
  CatalogueNav,
  PriceChangeApplied,
  PriceChangePreview,
  ProblemsTable,
  RefusedFilePanel,
  UploadForm,
} from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-prices';

export const meta: Route.MetaFunction = () => [{ title: 'Price list CSV · tradein back office' }];

export const loader = pricingOnlyLoader;

type Outcome =
  | {
      kind: 'preview';
      csv: string;
      force: boolean;
      summary: CataloguePriceChangeSummary;
      changedMeanwhile: boolean;
    }
  | { kind: 'applied'; summary: CataloguePriceChangeSummary }
  | { kind: 'noFile' }
  | { kind: 'tooLarge' }
  | {
      kind: 'refused';
      problems: { line: number | null; field: string; message: string }[];
      message: string;
      largeMove: boolean;
    };

/** The CSV of the form: an uploaded file (preview) or the previewed text (apply). */
async function csvOf(form: FormData): Promise<string | undefined> {
  const file = form.get('file');
  if (file instanceof File && file.size > 0) {
    if (file.size > maxCatalogueUploadBytes) return '\u0000too-large';
    return file.text();
  }
  const text = textOf(form, 'csvText');
  return text === undefined || text === '' ? undefined : text;
}

/** A price change's answer, read by the call's own schema. */
function parse(json: unknown): CataloguePriceChangeSummary {
  return priceImportEndpoint.response.parse(json);
}

/** Previews an uploaded CSV (dry run), or applies a previewed one with its revision. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  const apply = textOf(form, 'intent') === 'apply';
  const force = textOf(form, 'force') === 'true';
  const csv = await csvOf(form);
  if (csv === undefined) return data<Outcome>({ kind: 'noFile' }, 400);
  if (csv === '\u0000too-large') return data<Outcome>({ kind: 'tooLarge' }, 400);
  const preview = async (changedMeanwhile: boolean) => {
    const answer = await importPriceCsv(
      context,
      request,
      csv,
      { dryRun: true, force, csrfToken },
      parse,
    );
    if (answer.ok) {
      return data<Outcome>({
        kind: 'preview',
        csv,
        force,
        summary: answer.data,
        changedMeanwhile,
      });
    }
    return refusal(answer.status, answer.error);
  };
  const refusal = (
    status: number,
    error: { message: string; fields?: { path: string; message: string }[] | undefined },
  ) => {
    if (status !== 400 && status !== 413) throw data(null, { status });
    const problems = problemsOf({ code: 'validation_failed', ...error });
    return data<Outcome>(
      {
        kind: 'refused',
        problems,
        message: error.message,
        largeMove: problems.some((problem) => isLargeMoveRefusal(problem.message)),
      },
      400,
    );
  };
  if (!apply) return preview(false);
  const answer = await importPriceCsv(
    context,
    request,
    csv,
    { dryRun: false, force, basedOnRevision: textOf(form, 'basedOnRevision'), csrfToken },
    parse,
  );
  if (answer.ok) return data<Outcome>({ kind: 'applied', summary: answer.data });
  if (answer.error.code === apiErrorCode.changedMeanwhile) return preview(true);
  return refusal(answer.status, answer.error);
}

export default function CataloguePrices({ actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const outcome = actionData as Outcome | undefined;
  return (
    <>
      <h1>
        <Trans>Price list CSV</Trans>
      </h1>
      <CatalogueNav />
      <section className="panel" aria-labelledby="export-heading">
        <h2 id="export-heading">
          <Trans>Export</Trans>
        </h2>
        <p>
          <Trans>
            The columns are deviceId, edition, name, basePriceCents and recyclingPriceCents: edit
            the prices and import the file below.
          </Trans>
        </p>
        <ul className="catalogue-downloads">
          <li>
            <a href="/catalogue/prices.csv" download>
              <Trans>All editions (CSV)</Trans>
            </a>
          </li>
          {catalogueEditions.map((edition) => (
            <li key={edition}>
              <a href={`/catalogue/prices.csv?edition=${edition}`} download>
                {t`Edition ${edition.toUpperCase()} (CSV)`}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="import-heading">
        <h2 id="import-heading">
          <Trans>Import</Trans>
        </h2>
        <p>
          <Trans>
            A file with any problem is refused whole and nothing changes. You see a preview first.
          </Trans>
        </p>
        <UploadForm
          label={<Trans>CSV file</Trans>}
          accept=".csv,text/csv"
          refusal={
            outcome?.kind === 'noFile' ? (
              <Trans>Choose a CSV file.</Trans>
            ) : outcome?.kind === 'tooLarge' ? (
              <Trans>The file is larger than 20 MB.</Trans>
            ) : undefined
          }
        >
          <label className="catalogue-check">
            <input type="checkbox" name="force" value="true" />
            <Trans>Allow moves of more than 50 %</Trans>
          </label>
        </UploadForm>
      </section>
      <div aria-live="polite">
        {outcome?.kind === 'refused' ? (
          <RefusedFilePanel>
            <FormAlert>
              {outcome.largeMove ? (
                <Trans>
                  Some prices move by more than 50 %. Check them; if they are intended, tick "Allow
                  moves of more than 50 %" and preview again.
                </Trans>
              ) : (
                <Trans>Correct these lines and preview the file again.</Trans>
              )}
            </FormAlert>
            {outcome.problems.length === 0 ? (
              <p>{outcome.message}</p>
            ) : (
              <ProblemsTable
                problems={outcome.problems}
                total={outcome.problems.length}
                lineHeading={<Trans>Line</Trans>}
              />
            )}
          </RefusedFilePanel>
        ) : null}
        {outcome?.kind === 'preview' ? (
          <PriceChangePreview
            summary={outcome.summary}
            changedMeanwhile={outcome.changedMeanwhile}
            multipart
            fields={{ csvText: outcome.csv, force: outcome.force ? 'true' : undefined }}
            applyLabel={<Trans>Apply the import</Trans>}
          />
        ) : null}
        {outcome?.kind === 'applied' ? (
          <PriceChangeApplied summary={outcome.summary} heading={<Trans>Imported</Trans>} />
        ) : null}
      </div>
    </>
  );
}
