import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  apiErrorCode,
  opsInspectionEndpoint,
  opsTradeDetailEndpoint,
  rulePriceCents,
  type OpsTradeLine,
  type TradeStatus,
} from '@tradein/contract';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { data, Form, Link, useNavigate, useNavigation, useSubmit } from 'react-router';
import { CsrfField, Field, FormAlert, FormNotice } from '../../components/field.tsx';
import { formatCents } from '../../format.ts';
import { refusedByApi, textOf } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { statusLabels } from '../../trade-status.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { useLocale } from '../../use-locale.ts';
import { preparedBenchPhotos, type LocalRefusal } from './bench-photos.ts';
import {
  choicesOf,
  inspectionBodyOf,
  uploadInspectionPhotos,
  type InspectionChoices,
  type InspectionField,
  type PhotoRefusal,
} from './inspection-form.server.ts';
import type { Route } from './+types/inspection';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Inspection ${params.tradeNumber} · ${params.position} · tradein back office` },
];

const inspectorRoles = ['admin', 'inspector'] as const;

/** The statuses in which a trade's devices are inspected (the API refuses the others). */
const inspectable: readonly string[] = ['received', 'inspected', 'clarification'];

/** The trade of the page with the line of `:position`, or the 404 page. */
async function tradeAndLine(
  context: Route.LoaderArgs['context'],
  request: Request,
  params: Route.LoaderArgs['params'],
) {
  const answer = await callOps(context, request, opsTradeDetailEndpoint, {
    params: { tradeNumber: params.tradeNumber },
  });
  if (!answer.ok) throw data(null, { status: answer.status === 400 ? 404 : answer.status });
  const trade = answer.data;
  const line = trade.lines.find((candidate) => String(candidate.position) === params.position);
  if (line === undefined) throw data(null, { status: 404 });
  return { trade, line };
}

/** One device of a trade: the seller's answers and photos beside the findings form. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffSession(context, request, [...inspectorRoles]);
  const { trade, line } = await tradeAndLine(context, request, params);
  const uninspected = trade.lines.filter((candidate) => !candidate.inspected);
  const next =
    uninspected.find((candidate) => candidate.position > line.position) ??
    uninspected.find((candidate) => candidate.position !== line.position);
  return {
    trade: {
      tradeNumber: trade.tradeNumber,
      status: trade.status,
      customer: trade.customer,
      lineCount: trade.lines.length,
    },
    line,
    nextPosition: next?.position ?? null,
  };
}

/** What the page says after a form. */
type Outcome =
  | {
      kind: 'saved';
      revision: 'none' | 'down' | 'up';
      rulePriceCents: number;
      revisedPriceCents: number;
      email: string | null;
    }
  | { kind: 'refused'; refused: InspectionField[]; choices: InspectionChoices }
  | { kind: 'conflict'; theirs: OpsTradeLine; choices: InspectionChoices }
  | { kind: 'notNow'; status: TradeStatus; choices: InspectionChoices }
  | { kind: 'photos'; added: number; refused: { name: string; reason: PhotoRefusal }[] }
  | { kind: 'noPhotos' };

/** Saves the findings (`intent=save`) or adds bench photos (`intent=photos`). */
export async function action({ context, request, params }: Route.ActionArgs) {
  await requireStaffSession(context, request, [...inspectorRoles]);
  const form = await request.formData();
  const csrfToken = textOf(form, 'csrf');
  if (textOf(form, 'intent') === 'photos') {
    const files = form
      .getAll('photos')
      .filter((value): value is File => typeof value !== 'string' && value.size > 0);
    if (files.length === 0) return data<Outcome>({ kind: 'noPhotos' }, 400);
    const result = await uploadInspectionPhotos(context, request, params, files, csrfToken);
    if (result === 'forbidden') throw data(null, { status: 403 });
    const status = result.refused.length > 0 ? (result.added > 0 ? 200 : 400) : 200;
    return data<Outcome>({ kind: 'photos', ...result }, status);
  }
  const choices = choicesOf(form);
  const parsed = inspectionBodyOf(choices, textOf(form, 'version') ?? '');
  if (!parsed.ok) return data<Outcome>({ kind: 'refused', refused: parsed.refused, choices }, 400);
  const answer = await callOps(context, request, opsInspectionEndpoint, {
    params,
    body: parsed.body,
    csrfToken,
  });
  if (answer.ok) {
    return data<Outcome>({
      kind: 'saved',
      revision: answer.data.revision,
      rulePriceCents: answer.data.rulePriceCents,
      revisedPriceCents: answer.data.revisedPriceCents,
      email: answer.data.trade.customer?.email ?? null,
    });
  }
  if (answer.error.code === apiErrorCode.changedMeanwhile) {
    // The line as it stands now; the page's loader gives its new version for saving on top.
    const { line } = await tradeAndLine(context, request, params);
    return data<Outcome>({ kind: 'conflict', theirs: line, choices }, 409);
  }
  if (answer.error.code === apiErrorCode.invalidStatus) {
    const { trade } = await tradeAndLine(context, request, params);
    return data<Outcome>({ kind: 'notNow', status: trade.status, choices }, 409);
  }
  if (answer.status !== 400) throw data(null, { status: answer.status });
  const refused = refusedByApi(answer.error).filter(
    (field): field is InspectionField =>
      field === 'findings' || field === 'version' || field === 'overrideReason',
  );
  if (refusedByApi(answer.error).includes('override')) refused.push('overrideReason');
  return data<Outcome>(
    { kind: 'refused', refused: refused.length > 0 ? refused : ['findings'], choices },
    400,
  );
}

/** The choices a line starts with: what was found, else what the seller answered. */
function startingFindings(line: OpsTradeLine): Record<string, string> {
  const findings: Record<string, string> = {};
  for (const question of line.questions) {
    const code = question.found ?? question.answered;
    if (code !== null) findings[question.code] = code;
  }
  return findings;
}

/** The seller's answers of a line. */
function sellerFindings(line: OpsTradeLine): Record<string, string> {
  const findings: Record<string, string> = {};
  for (const question of line.questions) {
    if (question.answered !== null) findings[question.code] = question.answered;
  }
  return findings;
}

/** The text of an answer code of a question, or a dash. */
function answerText(line: OpsTradeLine, questionCode: string, code: string | null | undefined) {
  const question = line.questions.find((candidate) => candidate.code === questionCode);
  return question?.answers.find((answer) => answer.code === code)?.text ?? '–';
}

const refusalMessages = {
  findings: msg`Choose what was found for every question.`,
  overridePrice: msg`Enter the price per piece in euros, e.g. 120 or 119.50.`,
  overrideReason: msg`An override needs a reason of 3 to 500 characters.`,
  version: msg`The page is out of date: reload it and save again.`,
};

const photoRefusalMessages = {
  type: msg`is not a JPEG, PNG or WebP photo.`,
  size: msg`is larger than 10 MB.`,
  limit: msg`was not added: a device keeps at most 12 inspection photos.`,
  status: msg`was not added: photos are taken while the trade is being inspected.`,
};

/** Whether a key press comes from a field where letters and digits are typed. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox'].includes(target.type);
}

/**
 * The bench's keys (listed on the page): digits pick the nth answer of the focused question,
 * A resets to the seller's answers, Ctrl+Enter saves, N opens the next device.
 */
function useBenchKeys(
  form: RefObject<HTMLFormElement | null>,
  resetToAnswered: () => void,
  nextPath: string | null,
) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const findings = form.current;
      if (findings === null) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        findings.requestSubmit();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (/^[1-9]$/.test(event.key)) {
        const group = (event.target as HTMLElement | null)?.closest?.('fieldset.finding');
        if (group === null || group === undefined) return;
        const radio =
          group.querySelectorAll<HTMLInputElement>('input[type="radio"]')[Number(event.key) - 1];
        if (radio === undefined) return;
        event.preventDefault();
        radio.click();
        radio.focus();
      } else if (event.key === 'a' || event.key === 'A') {
        event.preventDefault();
        resetToAnswered();
      } else if ((event.key === 'n' || event.key === 'N') && nextPath !== null) {
        event.preventDefault();
        void navigate(nextPath);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [form, resetToAnswered, nextPath, navigate]);
}

/** A price difference with its sign, e.g. "−€20.00". */
function signedCents(cents: number, locale: 'en' | 'de'): string {
  if (cents === 0) return formatCents(0, locale);
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents), locale)}`;
}

/** The photo address of the page's own resource route. */
function photoSource(tradeNumber: string, position: number, kind: string, id: string): string {
  return `/trades/${encodeURIComponent(tradeNumber)}/devices/${position}/photos/${kind}/${encodeURIComponent(id)}`;
}

/** Thumbnails of photos, each a link to the photo itself. */
function Thumbnails({
  photos,
  tradeNumber,
  position,
  kind,
  label,
}: {
  photos: OpsTradeLine['sellerPhotos'];
  tradeNumber: string;
  position: number;
  kind: 'seller' | 'inspection';
  label: (index: number) => string;
}) {
  return (
    <ul className="inspection__photos">
      {photos.map((photo, index) => {
        const source = photoSource(tradeNumber, position, kind, photo.id);
        return (
          <li key={photo.id}>
            <a href={source} target="_blank" rel="noreferrer">
              <img src={source} alt={label(index + 1)} width={96} height={96} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export default function Inspection({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { csrfToken } = useStaffSession();
  const navigation = useNavigation();
  const { trade, line, nextPosition } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const kept = outcome !== undefined && 'choices' in outcome ? outcome.choices : undefined;
  const initial = kept?.findings ?? startingFindings(line);
  const [findings, setFindings] = useState<Record<string, string>>(initial);
  // A new line, a saved form or a conflict start the radios afresh from what the page holds.
  const formKey = `${line.position}:${line.version}:${kept === undefined ? '' : JSON.stringify(kept.findings)}`;
  const [shownKey, setShownKey] = useState(formKey);
  if (shownKey !== formKey) {
    setShownKey(formKey);
    setFindings(initial);
  }
  const form = useRef<HTMLFormElement>(null);
  // After a save the focus goes to where the inspector goes next (Enter follows it).
  const afterSave = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (outcome?.kind === 'saved') afterSave.current?.focus();
  }, [outcome]);
  const refused = new Set(outcome?.kind === 'refused' ? outcome.refused : []);
  const tradePath = `/trades/${encodeURIComponent(trade.tradeNumber)}`;
  const nextPath = nextPosition === null ? null : `${tradePath}/devices/${nextPosition}`;
  const currentCents = line.revisedPriceCents ?? line.priceCents;
  const ruleCents = line.priceRule === null ? undefined : rulePriceCents(line.priceRule, findings);
  const answered = sellerFindings(line);
  const statusName = i18n._(statusLabels[trade.status]);
  const statusThen = outcome?.kind === 'notNow' ? i18n._(statusLabels[outcome.status]) : statusName;

  const resetToAnswered = () => {
    const target = form.current;
    if (target === null) return;
    for (const [question, code] of Object.entries(answered)) {
      const radio = target.querySelector<HTMLInputElement>(
        `input[type="radio"][name="finding.${question}"][value="${code}"]`,
      );
      if (radio !== null) radio.checked = true;
    }
    setFindings({ ...findings, ...answered });
  };
  useBenchKeys(form, resetToAnswered, nextPath);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.type === 'radio' && input.name.startsWith('finding.')) {
      setFindings((current) => ({ ...current, [input.name.slice(8)]: input.value }));
    }
  };
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const uploading =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'photos';
  const submit = useSubmit();
  const [localRefusals, setLocalRefusals] = useState<LocalRefusal[]>([]);
  const [preparing, setPreparing] = useState(false);
  const photoRefusals = [...localRefusals, ...(outcome?.kind === 'photos' ? outcome.refused : [])];
  // With JavaScript, large camera photos are shrunk before they are posted (bench-photos.ts).
  const onPhotoSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const input = target.elements.namedItem('photos');
    const files = input instanceof HTMLInputElement ? [...(input.files ?? [])] : [];
    setPreparing(true);
    void preparedBenchPhotos(files)
      .then((prepared) => {
        setLocalRefusals(prepared.refused);
        if (prepared.files.length === 0) return;
        const photos = new FormData();
        photos.set('csrf', csrfToken);
        photos.set('intent', 'photos');
        for (const file of prepared.files) photos.append('photos', file, file.name);
        void submit(photos, { method: 'post', encType: 'multipart/form-data' });
        target.reset();
      })
      .finally(() => setPreparing(false));
  };

  return (
    <div className="inspection">
      <p className="inspection__crumbs">
        <Link to={tradePath}>
          <Trans>Trade {trade.tradeNumber}</Trans>
        </Link>
      </p>
      <h1>
        <Trans>
          Inspection of device {line.position} of {trade.lineCount}: {line.name}
        </Trans>
      </h1>
      <dl className="facts">
        <dt>
          <Trans>Seller</Trans>
        </dt>
        <dd>
          {trade.customer === null
            ? '–'
            : `${trade.customer.firstName} ${trade.customer.lastName} (${trade.customer.email})`}
        </dd>
        <dt>
          <Trans>Trade status</Trans>
        </dt>
        <dd>{statusName}</dd>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{line.quantity}</dd>
        <dt>
          <Trans>State of this device</Trans>
        </dt>
        <dd>
          <LineState line={line} />
        </dd>
      </dl>

      <div aria-live="polite" className="inspection__outcome">
        {outcome?.kind === 'saved' ? (
          <FormNotice>
            <SavedMessage outcome={outcome} />
            <p>
              {nextPath === null ? (
                <Link to={tradePath} ref={afterSave}>
                  <Trans>Every device is inspected: back to trade {trade.tradeNumber}</Trans>
                </Link>
              ) : (
                <Link to={nextPath} ref={afterSave}>
                  <Trans>Next device to inspect ({nextPosition}) – key N</Trans>
                </Link>
              )}
            </p>
          </FormNotice>
        ) : null}
        {outcome?.kind === 'photos' && outcome.added > 0 ? (
          <FormNotice>
            <Trans>{outcome.added} photo(s) added.</Trans>
          </FormNotice>
        ) : null}
      </div>
      {outcome?.kind === 'notNow' ? (
        <FormAlert>
          <Trans>
            Trade {trade.tradeNumber} has the status {statusThen}: devices are inspected while their
            trade is received, inspected or in clarification. Nothing was saved.
          </Trans>
        </FormAlert>
      ) : !inspectable.includes(trade.status) ? (
        <p className="form-alert">
          <Trans>
            Trade {trade.tradeNumber} has the status {statusName}: devices are inspected while their
            trade is received, inspected or in clarification.
          </Trans>
        </p>
      ) : null}
      {outcome?.kind === 'conflict' ? (
        <Conflict line={line} theirs={outcome.theirs} mine={outcome.choices} />
      ) : null}
      {outcome?.kind === 'refused' && refused.has('version') ? (
        <FormAlert>{i18n._(refusalMessages.version)}</FormAlert>
      ) : null}

      <section aria-labelledby="seller-photos-heading" className="inspection__section">
        <h2 id="seller-photos-heading">
          <Trans>The seller's photos</Trans>
        </h2>
        {line.sellerPhotos.length === 0 ? (
          <p className="muted">
            <Trans>The seller sent no photos of this device.</Trans>
          </p>
        ) : (
          <Thumbnails
            photos={line.sellerPhotos}
            tradeNumber={trade.tradeNumber}
            position={line.position}
            kind="seller"
            label={(index) => t`Seller's photo ${index} of ${line.name}`}
          />
        )}
      </section>

      <Form
        method="post"
        ref={form}
        className="inspection__form"
        onChange={onChange}
        noValidate
        aria-labelledby="findings-heading"
        key={formKey}
      >
        <h2 id="findings-heading">
          <Trans>What the inspection found</Trans>
        </h2>
        <p className="muted" id="findings-hint">
          <Trans>
            Each question starts with the seller's answer (or an earlier finding). The seller's
            answer is marked.
          </Trans>
        </p>
        <CsrfField token={csrfToken} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={line.version} />
        {refused.has('findings') ? (
          <p className="field__error" id="findings-error" role="alert">
            {i18n._(refusalMessages.findings)}
          </p>
        ) : null}
        {line.questions.map((question, index) => (
          <fieldset
            className="finding choices"
            key={question.code}
            aria-describedby={refused.has('findings') ? 'findings-error' : undefined}
          >
            <legend>
              <span className="finding__number">{index + 1}.</span> {question.question}
            </legend>
            <p className="finding__answered">
              <Trans>Seller answered:</Trans>{' '}
              <strong>{answerText(line, question.code, question.answered)}</strong>
            </p>
            {question.answers.map((answer, answerIndex) => {
              const id = `finding-${question.code}-${answer.code}`;
              return (
                <label key={answer.code} htmlFor={id} className="finding__answer">
                  <input
                    type="radio"
                    id={id}
                    name={`finding.${question.code}`}
                    value={answer.code}
                    defaultChecked={initial[question.code] === answer.code}
                  />
                  <span className="finding__key" aria-hidden="true">
                    {answerIndex + 1}
                  </span>
                  {answer.text}
                  {question.answered === answer.code ? (
                    <span className="finding__seller">
                      <Trans>seller's answer</Trans>
                    </span>
                  ) : null}
                </label>
              );
            })}
          </fieldset>
        ))}

        <section aria-labelledby="price-heading" className="inspection__price">
          <h3 id="price-heading">
            <Trans>Price per piece</Trans>
          </h3>
          <dl className="facts">
            <dt>
              <Trans>Offer at checkout</Trans>
            </dt>
            <dd>{formatCents(line.priceCents, locale)}</dd>
            {line.revisedPriceCents === null ? null : (
              <>
                <dt>
                  <Trans>Revised so far</Trans>
                </dt>
                <dd>{formatCents(line.revisedPriceCents, locale)}</dd>
              </>
            )}
            <dt>
              <Trans>Rule price for these findings</Trans>
            </dt>
            <dd>
              <output aria-live="polite" id="rule-price">
                {ruleCents === undefined ? (
                  <Trans>unknown (the device left the catalogue)</Trans>
                ) : (
                  <>
                    <strong>{formatCents(ruleCents, locale)}</strong>{' '}
                    <span className={ruleCents < currentCents ? 'price--down' : 'price--same'}>
                      (<Trans>difference</Trans> {signedCents(ruleCents - line.priceCents, locale)})
                    </span>
                  </>
                )}
              </output>
            </dd>
          </dl>
          <p className="field__hint">
            <Trans>
              The rule price follows your choices as you make them; without JavaScript the save
              answers it.
            </Trans>
          </p>
          <div className="inspection__override">
            <Field
              id="overridePrice"
              inputMode="decimal"
              autoComplete="off"
              label={<Trans>Override price per piece (€)</Trans>}
              hint={<Trans>Leave empty to use the rule's price.</Trans>}
              defaultValue={kept?.overridePrice ?? ''}
              error={
                refused.has('overridePrice') ? i18n._(refusalMessages.overridePrice) : undefined
              }
            />
            <Field
              id="overrideReason"
              autoComplete="off"
              label={<Trans>Reason for the override</Trans>}
              hint={<Trans>Required with an override; the seller reads it.</Trans>}
              defaultValue={kept?.overrideReason ?? ''}
              error={
                refused.has('overrideReason') ? i18n._(refusalMessages.overrideReason) : undefined
              }
            />
          </div>
        </section>
        <div className="inspection__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={saving}
            aria-keyshortcuts="Control+Enter"
          >
            {saving ? <Trans>Saving…</Trans> : <Trans>Save findings</Trans>}
          </button>
          {nextPath === null ? null : (
            <Link to={nextPath} className="button" aria-keyshortcuts="N">
              <Trans>Next device to inspect</Trans>
            </Link>
          )}
        </div>
      </Form>

      <section aria-labelledby="bench-photos-heading" className="inspection__section">
        <h2 id="bench-photos-heading">
          <Trans>Inspection photos</Trans>
        </h2>
        {outcome?.kind === 'noPhotos' ? (
          <p className="field__error" role="alert" id="photos-error">
            <Trans>Choose at least one photo, or take one with the camera.</Trans>
          </p>
        ) : null}
        {photoRefusals.length > 0 ? (
          <div className="field__error" role="alert" id="photos-error">
            {photoRefusals.map((refusal) => (
              <p key={`${refusal.name}-${refusal.reason}`}>
                {`${refusal.name} ${i18n._(photoRefusalMessages[refusal.reason])}`}
              </p>
            ))}
          </div>
        ) : null}
        {line.inspectionPhotos.length === 0 ? (
          <p className="muted">
            <Trans>No inspection photos yet.</Trans>
          </p>
        ) : (
          <Thumbnails
            photos={line.inspectionPhotos}
            tradeNumber={trade.tradeNumber}
            position={line.position}
            kind="inspection"
            label={(index) => t`Inspection photo ${index} of ${line.name}`}
          />
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          className="inline-form"
          onSubmit={onPhotoSubmit}
        >
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="photos" />
          <div className="field">
            <label htmlFor="photos">
              <Trans>Camera or files</Trans>
            </label>
            <p className="field__hint" id="photos-hint">
              <Trans>JPEG, PNG or WebP, at most 10 MB each; stored without location data.</Trans>
            </p>
            <input
              type="file"
              id="photos"
              name="photos"
              accept="image/*"
              capture="environment"
              multiple
              aria-describedby={
                photoRefusals.length > 0 || outcome?.kind === 'noPhotos'
                  ? 'photos-hint photos-error'
                  : 'photos-hint'
              }
            />
          </div>
          <button type="submit" className="button" disabled={uploading || preparing}>
            {uploading || preparing ? <Trans>Adding…</Trans> : <Trans>Add photos</Trans>}
          </button>
        </Form>
      </section>

      <section aria-labelledby="keys-heading" className="inspection__section">
        <h2 id="keys-heading">
          <Trans>Keyboard</Trans>
        </h2>
        <dl className="facts inspection__keys">
          <dt>
            <kbd>Tab</kbd>
          </dt>
          <dd>
            <Trans>next question</Trans>
          </dd>
          <dt>
            <kbd>↑</kbd> <kbd>↓</kbd>
          </dt>
          <dd>
            <Trans>choose an answer within the question</Trans>
          </dd>
          <dt>
            <kbd>1</kbd>–<kbd>9</kbd>
          </dt>
          <dd>
            <Trans>pick the nth answer of the focused question</Trans>
          </dd>
          <dt>
            <kbd>A</kbd>
          </dt>
          <dd>
            <Trans>as answered: every question back to the seller's answer</Trans>
          </dd>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
          </dt>
          <dd>
            <Trans>save the findings</Trans>
          </dd>
          <dt>
            <kbd>N</kbd>
          </dt>
          <dd>
            <Trans>next device to inspect</Trans>
          </dd>
        </dl>
        <p className="field__hint">
          <Trans>The letter and digit keys need JavaScript; the form works without them.</Trans>
        </p>
      </section>
    </div>
  );
}

/** Where a line stands, in words. */
function LineState({ line }: { line: OpsTradeLine }) {
  const locale = useLocale();
  const revised = formatCents(line.revision?.revisedPriceCents ?? 0, locale);
  switch (line.revision?.state) {
    case 'open':
      return <Trans>Clarification open: the seller decides on {revised}.</Trans>;
    case 'accepted':
      return <Trans>The seller accepted {revised}.</Trans>;
    case 'returned':
      return <Trans>The seller wants the device back.</Trans>;
    case 'up':
      return <Trans>Corrected upwards to {revised}.</Trans>;
    default:
      return line.inspected ? <Trans>Inspected</Trans> : <Trans>Not inspected yet</Trans>;
  }
}

/** What a save did, in words. */
function SavedMessage({ outcome }: { outcome: Extract<Outcome, { kind: 'saved' }> }) {
  const locale = useLocale();
  const price = formatCents(outcome.revisedPriceCents, locale);
  const email = outcome.email ?? '–';
  switch (outcome.revision) {
    case 'down':
      return (
        <p>
          <Trans>
            Saved. The price went down to {price}: the clarification is open. The seller ({email})
            got a mail with a link to the clarification page, where they accept the new price or
            have the device sent back.
          </Trans>
        </p>
      );
    case 'up':
      return (
        <p>
          <Trans>
            Saved. Upward correction: the price rose to {price}. The seller ({email}) is told by
            mail; there is nothing for them to decide.
          </Trans>
        </p>
      );
    default:
      return (
        <p>
          <Trans>Saved: inspected as answered. The price stays at {price}.</Trans>
        </p>
      );
  }
}

/** Both findings after another inspector saved meanwhile: theirs as saved, yours in the form. */
function Conflict({
  line,
  theirs,
  mine,
}: {
  line: OpsTradeLine;
  theirs: OpsTradeLine;
  mine: InspectionChoices;
}) {
  const locale = useLocale();
  const theirPrice = formatCents(theirs.revisedPriceCents ?? theirs.priceCents, locale);
  return (
    <div className="form-alert" role="alert">
      <p>
        <strong>
          <Trans>Someone else saved this device meanwhile.</Trans>
        </strong>{' '}
        <Trans>
          Their findings and yours are below. Nothing of yours was lost: your choices are still in
          the form. Check them and save again to record yours on top.
        </Trans>
      </p>
      <table className="table">
        <caption>
          <Trans>Findings compared (their price per piece: {theirPrice})</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Question</Trans>
            </th>
            <th scope="col">
              <Trans>Saved meanwhile</Trans>
            </th>
            <th scope="col">
              <Trans>Yours</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {theirs.questions.map((question) => (
            <tr key={question.code}>
              <th scope="row">{question.question}</th>
              <td>{answerText(line, question.code, question.found)}</td>
              <td>{answerText(line, question.code, mine.findings[question.code])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
