import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { priceFactorEndpoint, priceFactorsEndpoint } from '@tradein/contract';
import { data, Form, useNavigation } from 'react-router';
import { CsrfField, Field, FormAlert, FormNotice } from '../../components/field.tsx';
import { parseForm, refusedByApi, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { CatalogueNav, ScrollingTable } from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-factors';

export const meta: Route.MetaFunction = () => [{ title: 'Answer factors · tradein back office' }];

/** The answer factors per category (`?category=` narrows to one). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const category = new URL(request.url).searchParams.get('category')?.trim() || undefined;
  const answer = await callOps(context, request, priceFactorsEndpoint, { query: { category } });
  if (!answer.ok) {
    if (answer.status !== 400 && answer.status !== 404) throw data(null, { status: answer.status });
    return { category, categories: [], refused: true };
  }
  return { category, categories: answer.data.categories, refused: false };
}

type Outcome =
  | {
      kind: 'set';
      categoryKey: string;
      questionCode: string;
      answerCode: string;
      oldPriceFactor: number;
      newPriceFactor: number;
    }
  | {
      kind: 'refused';
      refused: string[];
      message?: string;
      typed: Record<string, string>;
    };

/** Sets one answer's factor. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const form = await request.formData();
  const typed = {
    category: textOf(form, 'category') ?? '',
    question: textOf(form, 'question') ?? '',
    answer: textOf(form, 'answer') ?? '',
    factor: (textOf(form, 'factor') ?? '').trim().replace(',', '.'),
  };
  const parsed = parseForm(priceFactorEndpoint.body, typed);
  if (!parsed.ok) return data<Outcome>({ kind: 'refused', refused: parsed.refused, typed }, 400);
  const answer = await callOps(context, request, priceFactorEndpoint, {
    body: parsed.data,
    csrfToken: textOf(form, 'csrf'),
  });
  if (answer.ok) return data<Outcome>({ kind: 'set', ...answer.data });
  if (answer.status !== 400 && answer.status !== 404) throw data(null, { status: answer.status });
  const refused = refusedByApi(answer.error);
  return data<Outcome>(
    {
      kind: 'refused',
      refused: refused.length === 0 ? ['answer'] : refused,
      message: answer.error.fields?.[0]?.message ?? answer.error.message,
      typed,
    },
    400,
  );
}

/** The fields that name an answer: its category, question and answer codes. */
const codeFields = [
  { id: 'category', label: msg`Category key`, missing: msg`Enter a category key.` },
  { id: 'question', label: msg`Question code`, missing: msg`Enter a question code.` },
  { id: 'answer', label: msg`Answer code`, missing: msg`Enter an answer code.` },
] as const;

export default function CatalogueFactors({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const outcome = actionData as Outcome | undefined;
  const refused = new Set(outcome?.kind === 'refused' ? outcome.refused : []);
  const typed = outcome?.kind === 'refused' ? outcome.typed : undefined;
  const message = outcome?.kind === 'refused' ? outcome.message : undefined;
  return (
    <>
      <h1>
        <Trans>Answer factors</Trans>
      </h1>
      <CatalogueNav />
      <p>
        <Trans>
          An offer is the base price times the factor of each answer; an answer that means defective
          pays the recycling price.
        </Trans>
      </p>
      <section className="panel" aria-labelledby="set-heading">
        <h2 id="set-heading">
          <Trans>Set a factor</Trans>
        </h2>
        {outcome?.kind === 'set' ? (
          <FormNotice>
            <Trans>
              {outcome.categoryKey} · {outcome.questionCode} · {outcome.answerCode}: from{' '}
              {outcome.oldPriceFactor} to {outcome.newPriceFactor}.
            </Trans>
          </FormNotice>
        ) : null}
        {outcome?.kind === 'refused' ? (
          <FormAlert>
            <Trans>Nothing was changed: see the fields below.</Trans>
          </FormAlert>
        ) : null}
        <Form method="post" className="stack" noValidate>
          <CsrfField token={csrfToken} />
          {codeFields.map((field) => (
            <Field
              key={field.id}
              id={field.id}
              autoComplete="off"
              label={i18n._(field.label)}
              defaultValue={
                typed?.[field.id] ?? (field.id === 'category' ? loaderData.category : '') ?? ''
              }
              error={refused.has(field.id) ? (message ?? i18n._(field.missing)) : undefined}
            />
          ))}
          <Field
            id="factor"
            inputMode="decimal"
            autoComplete="off"
            label={<Trans>Factor</Trans>}
            hint={<Trans>Above 0 and at most 1.2, e.g. 0.85.</Trans>}
            defaultValue={typed?.['factor'] ?? ''}
            error={refused.has('factor') ? t`Enter a factor above 0 and at most 1.2.` : undefined}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            <Trans>Set the factor</Trans>
          </button>
        </Form>
      </section>
      <Form method="get" className="filters">
        <label>
          <Trans>Category key</Trans>
          <input name="category" defaultValue={loaderData.category ?? ''} />
        </label>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </Form>
      {loaderData.refused ? (
        <FormAlert>
          <Trans>There is no such category.</Trans>
        </FormAlert>
      ) : null}
      {loaderData.categories.map((category) => (
        <ScrollingTable key={category.categoryKey} label={category.categoryKey}>
          <table className="table">
            <caption>{category.categoryKey}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Question</Trans>
                </th>
                <th scope="col">
                  <Trans>Answer</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Factor</Trans>
                </th>
                <th scope="col">
                  <Trans>Means defective</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {category.answers.map((answer) => (
                <tr key={`${answer.questionCode}-${answer.answerCode}`}>
                  <th scope="row">{answer.questionCode}</th>
                  <td>{answer.answerCode}</td>
                  <td className="number">{answer.priceFactor}</td>
                  <td>{answer.meansDefective ? t`Yes` : t`No`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      ))}
    </>
  );
}
