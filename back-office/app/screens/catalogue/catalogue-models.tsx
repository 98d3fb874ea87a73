import { Trans, useLingui } from '@lingui/react/macro';
import { apiErrorCode, maxCatalogueUploadBytes, modelImportEndpoint } from '@tradein/contract';
import { data } from 'react-router';
import { FormAlert } from '../../components/field.tsx';
import { textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { pricingOnlyLoader } from './catalogue-api.server.ts';
import {
  AppliedPanel,
  ApplyForm,
  CatalogueNav,
  PreviewPanel,
  ProblemsTable,
  RefusedFilePanel,
  ScrollingTable,
  UploadForm,
} from './catalogue-parts.tsx';
import type * as z from 'zod/mini';
import type { Route } from './+types/catalogue-models';

export const meta: Route.MetaFunction = () => [{ title: 'Add models · tradein back office' }];

export const loader = pricingOnlyLoader;

type Report = z.output<typeof modelImportEndpoint.response>;

type Outcome =
  | { kind: 'preview'; json: string; report: Report; changedMeanwhile: boolean }
  | { kind: 'applied'; report: Report }
  | { kind: 'noFile' }
  | { kind: 'notJson' }
  | { kind: 'refused'; problems: { path: string; message: string }[]; message: string };

/** The JSON of the form: an uploaded file (preview) or the previewed text (apply). */
async function jsonOf(form: FormData): Promise<string | undefined> {
  const file = form.get('file');
  if (file instanceof File && file.size > 0 && file.size <= maxCatalogueUploadBytes) {
    return file.text();
  }
  const text = textOf(form, 'jsonText');
  return text === undefined || text === '' ? undefined : text;
}

/** Previews an uploaded models file (dry run), or applies a previewed one with its revision. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  const apply = textOf(form, 'intent') === 'apply';
  const json = await jsonOf(form);
  if (json === undefined) return data<Outcome>({ kind: 'noFile' }, 400);
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return data<Outcome>({ kind: 'notJson' }, 400);
  }
  if (!Array.isArray(body)) return data<Outcome>({ kind: 'notJson' }, 400);
  const refusal = (
    status: number,
    error: { message: string; fields?: { path: string; message: string }[] | undefined },
  ) => {
    if (status !== 400 && status !== 413) throw data(null, { status });
    return data<Outcome>(
      {
        kind: 'refused',
        problems: (error.fields ?? []).slice(0, 200),
        message: error.message,
      },
      400,
    );
  };
  const preview = async (changedMeanwhile: boolean) => {
    const answer = await callOps(context, request, modelImportEndpoint, {
      query: { dryRun: 'true' },
      body,
      csrfToken,
    });
    if (answer.ok) {
      return data<Outcome>({ kind: 'preview', json, report: answer.data, changedMeanwhile });
    }
    return refusal(answer.status, answer.error);
  };
  if (!apply) return preview(false);
  const answer = await callOps(context, request, modelImportEndpoint, {
    query: { dryRun: 'false', basedOnRevision: textOf(form, 'basedOnRevision') },
    body,
    csrfToken,
  });
  if (answer.ok) return data<Outcome>({ kind: 'applied', report: answer.data });
  if (answer.error.code === apiErrorCode.changedMeanwhile) return preview(true);
  return refusal(answer.status, answer.error);
}

/** What an import adds, and what the catalogue has already. */
function ReportTables({ report }: { report: Report }) {
  const { t } = useLingui();
  const rows = [
    [t`Manufacturers`, report.added.manufacturers, report.alreadyThere.manufacturers],
    [t`Series`, report.added.series, report.alreadyThere.series],
    [t`Models`, report.added.models, report.alreadyThere.models],
    [t`Devices`, report.added.devices.map((device) => device.name), report.alreadyThere.devices],
  ] as const;
  return (
    <ScrollingTable label={t`What the file adds`}>
      <table className="table">
        <caption>
          <Trans>What the file adds and what is there already</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Kind</Trans>
            </th>
            <th scope="col">
              <Trans>Added</Trans>
            </th>
            <th scope="col">
              <Trans>There already</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([kind, added, there]) => (
            <tr key={kind}>
              <th scope="row">{kind}</th>
              <td>
                {added.length}
                {added.length === 0 ? null : `: ${added.slice(0, 20).join(', ')}`}
                {added.length > 20 ? ' …' : null}
              </td>
              <td>{there.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

export default function CatalogueModels({ actionData }: Route.ComponentProps) {
  const outcome = actionData as Outcome | undefined;
  return (
    <>
      <h1>
        <Trans>Add models</Trans>
      </h1>
      <CatalogueNav />
      <section className="panel" aria-labelledby="import-heading">
        <h2 id="import-heading">
          <Trans>Import models</Trans>
        </h2>
        <p>
          <Trans>
            A JSON file in the format of the seed's product-lines.json: manufacturers, series,
            models and their variants. A file with any problem is refused whole. You see a preview
            first.
          </Trans>
        </p>
        <UploadForm
          label={<Trans>JSON file</Trans>}
          accept=".json,application/json"
          refusal={
            outcome?.kind === 'noFile' ? (
              <Trans>Choose a JSON file.</Trans>
            ) : outcome?.kind === 'notJson' ? (
              <Trans>The file is not a JSON array of product lines.</Trans>
            ) : undefined
          }
        />
      </section>
      <div aria-live="polite">
        {outcome?.kind === 'refused' ? (
          <RefusedFilePanel>
            <FormAlert>{outcome.message}</FormAlert>
            {outcome.problems.length === 0 ? null : (
              <ProblemsTable
                problems={outcome.problems.map((problem) => ({
                  line: null,
                  field: problem.path,
                  message: problem.message,
                }))}
                total={outcome.problems.length}
                lineHeading={<Trans>Line</Trans>}
              />
            )}
          </RefusedFilePanel>
        ) : null}
        {outcome?.kind === 'preview' ? (
          <PreviewPanel changedMeanwhile={outcome.changedMeanwhile}>
            <ReportTables report={outcome.report} />
            {outcome.report.added.devices.length === 0 &&
            outcome.report.added.models.length === 0 &&
            outcome.report.added.series.length === 0 &&
            outcome.report.added.manufacturers.length === 0 ? (
              <p>
                <Trans>Everything in the file is in the catalogue already.</Trans>
              </p>
            ) : (
              <ApplyForm
                multipart
                fields={{ jsonText: outcome.json }}
                basedOnRevision={outcome.report.basedOnRevision}
              >
                <Trans>Add these models</Trans>
              </ApplyForm>
            )}
          </PreviewPanel>
        ) : null}
        {outcome?.kind === 'applied' ? (
          <AppliedPanel heading={<Trans>Added</Trans>} revisionId={outcome.report.revisionId}>
            <ReportTables report={outcome.report} />
          </AppliedPanel>
        ) : null}
      </div>
    </>
  );
}
