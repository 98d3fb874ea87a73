import { Trans, useLingui } from '@lingui/react/macro';
import type { CataloguePriceChangeSummary } from '@tradein/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Form, NavLink, useNavigation } from 'react-router';
import { CsrfField, FormAlert, FormNotice } from '../../components/field.tsx';
import { formatCents } from '../../format.ts';
import { useStaffSession } from '../../routes/staff-layout.tsx';
import { useLocale } from '../../use-locale.ts';

/*
 * Parts the catalogue screens share: their own navigation, a table that scrolls on narrow
 * screens, a preview's largest moves, a refused file's problems, and the panels of a change's
 * steps (refused, previewed, applied).
 */

/** The editions whose prices the catalogue keeps (the contract's edition codes). */
export const catalogueEditions = ['at', 'de', 'es', 'fr', 'it'] as const;
export type CatalogueEdition = (typeof catalogueEditions)[number];

/** Whether a text is an edition code. */
export function isCatalogueEdition(value: unknown): value is CatalogueEdition {
  return catalogueEditions.includes(value as CatalogueEdition);
}

/** The catalogue screens, linked from each of them. */
export function CatalogueNav() {
  const { t } = useLingui();
  return (
    <nav className="catalogue-nav" aria-label={t`Catalogue and prices`}>
      <ul>
        <li>
          <NavLink to="/catalogue" end>
            <Trans>Find a device</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to="/catalogue/adjust">
            <Trans>Adjust by a percentage</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to="/catalogue/prices">
            <Trans>Price list CSV</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to="/catalogue/models">
            <Trans>Add models</Trans>
          </NavLink>
        </li>
        <li>
          <NavLink to="/catalogue/factors">
            <Trans>Answer factors</Trans>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** A wide table that scrolls sideways on a narrow screen, reachable by keyboard. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A region that scrolls must be focusable so that keyboard users can scroll it.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <section className="catalogue-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A price or a dash where there is none. */
export function Price({ cents }: { cents: number | null | undefined }) {
  const locale = useLocale();
  if (cents === null || cents === undefined) return <span className="muted">–</span>;
  return <>{formatCents(cents, locale)}</>;
}

/** A relative move as a signed percentage, e.g. "+12.5 %". */
function Move({ relative }: { relative: number | null }) {
  const locale = useLocale();
  if (relative === null) return <span className="muted">–</span>;
  return (
    <>
      {new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
        style: 'percent',
        maximumFractionDigits: 1,
        signDisplay: 'exceptZero',
      }).format(relative)}
    </>
  );
}

/** What a preview or a change counts, and its largest moves in a table. */
function ChangeSummary({
  summary,
  caption,
}: {
  summary: CataloguePriceChangeSummary;
  caption: string;
}) {
  const { t } = useLingui();
  const { prices, devices } = summary;
  return (
    <>
      <p>
        {summary.dryRun ? (
          <Trans>
            {prices} prices of {devices} devices would change.
          </Trans>
        ) : (
          <Trans>
            {prices} prices of {devices} devices changed.
          </Trans>
        )}
      </p>
      {summary.largestMoves.length === 0 ? null : (
        <ScrollingTable label={caption}>
          <table className="table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Device</Trans>
                </th>
                <th scope="col">
                  <Trans>Edition</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Base price before</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Base price after</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Recycling before</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Recycling after</Trans>
                </th>
                <th scope="col" className="number">
                  <Trans>Move</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.largestMoves.map((move) => (
                <tr key={`${move.deviceId}-${move.edition}`}>
                  <th scope="row">
                    <a href={`/catalogue/devices/${move.deviceId}`}>{move.name}</a>
                  </th>
                  <td>{move.edition.toUpperCase()}</td>
                  <td className="number">
                    <Price cents={move.oldBasePriceCents} />
                  </td>
                  <td className="number">
                    <Price cents={move.newBasePriceCents} />
                  </td>
                  <td className="number">
                    <Price cents={move.oldRecyclingPriceCents} />
                  </td>
                  <td className="number">
                    <Price cents={move.newRecyclingPriceCents} />
                  </td>
                  <td className="number">
                    <Move relative={move.relativeMove} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <p className="visually-hidden">{t`Largest moves listed: ${summary.largestMoves.length}`}</p>
    </>
  );
}

/** The problems of a refused file: line (or entry), field and message, at most 200. */
export function ProblemsTable({
  problems,
  total,
  lineHeading,
}: {
  problems: readonly { line: number | null; field: string; message: string }[];
  total: number;
  lineHeading: ReactNode;
}) {
  const { t } = useLingui();
  const shown = problems.length;
  return (
    <>
      {total > shown ? (
        <p>
          <Trans>
            The first {shown} of {total} problems:
          </Trans>
        </p>
      ) : null}
      <ScrollingTable label={t`Problems of the file`}>
        <table className="table">
          <caption>
            <Trans>Problems of the file; nothing was changed</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">{lineHeading}</th>
              <th scope="col">
                <Trans>Field</Trans>
              </th>
              <th scope="col">
                <Trans>Problem</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.map((problem, index) => (
              <tr key={index}>
                <th scope="row">{problem.line ?? '–'}</th>
                <td>
                  <code>{problem.field === '' ? '–' : problem.field}</code>
                </td>
                <td>{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </>
  );
}

/**
 * The heading of a step that appears after a form (a confirmation): it takes the focus when it
 * appears, so that keyboard and screen reader users are where the next action is.
 */
export function StepHeading({
  id,
  level = 2,
  children,
}: {
  id: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading id={id} ref={heading} tabIndex={-1} className="catalogue-step">
      {children}
    </Heading>
  );
}

/** The panel of a refused file: nothing was changed; the reasons follow as children. */
export function RefusedFilePanel({ children }: { children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby="refused-heading">
      <h2 id="refused-heading">
        <Trans>The file was refused; nothing was changed</Trans>
      </h2>
      {children}
    </section>
  );
}

/**
 * The panel of a preview: nothing is changed yet. When an apply found the catalogue changed
 * since the preview, it says so: the panel then shows a new preview of the catalogue as it is.
 */
export function PreviewPanel({
  changedMeanwhile,
  children,
}: {
  changedMeanwhile: boolean;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">
        <Trans>Preview: nothing is changed yet</Trans>
      </h2>
      {changedMeanwhile ? (
        <FormAlert>
          <Trans>
            Someone changed the catalogue after your preview, so nothing was applied. This is a new
            preview of the catalogue as it is now: check it and apply again.
          </Trans>
        </FormAlert>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The form that applies what a preview showed: the previewed values go back as hidden fields
 * (a field whose value is undefined is left out), with the revision the preview was based on.
 */
export function ApplyForm({
  fields,
  basedOnRevision,
  multipart = false,
  children,
}: {
  fields: Readonly<Record<string, string | undefined>>;
  basedOnRevision: number | null;
  multipart?: boolean;
  children: ReactNode;
}) {
  const { csrfToken } = useStaffSession();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" encType={multipart ? 'multipart/form-data' : undefined}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="apply" />
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <input type="hidden" name="basedOnRevision" value={basedOnRevision ?? ''} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

/** The panel of an applied change: its heading, the revision saved, and what changed. */
export function AppliedPanel({
  heading,
  revisionId,
  children,
}: {
  heading: ReactNode;
  revisionId: number | null;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby="applied-heading">
      <h2 id="applied-heading">{heading}</h2>
      <FormNotice>
        <Trans>Revision {revisionId} is saved.</Trans>
      </FormNotice>
      {children}
    </section>
  );
}

/**
 * The form that sends a file for a preview: the file field with its refusal beside it, then
 * what else the form asks (`children`).
 */
export function UploadForm({
  label,
  accept,
  refusal,
  children,
}: {
  label: ReactNode;
  accept: string;
  refusal: ReactNode | undefined;
  children?: ReactNode;
}) {
  const { csrfToken } = useStaffSession();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" encType="multipart/form-data" className="stack">
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="preview" />
      <div className="field">
        <label htmlFor="file">{label}</label>
        <input
          id="file"
          name="file"
          type="file"
          accept={accept}
          required
          aria-invalid={refusal === undefined ? undefined : true}
          aria-describedby={refusal === undefined ? undefined : 'file-error'}
        />
        {refusal === undefined ? null : (
          <p className="field__error" id="file-error">
            {refusal}
          </p>
        )}
      </div>
      {children}
      <button type="submit" className="button button--primary" disabled={busy}>
        <Trans>Preview the import</Trans>
      </button>
    </Form>
  );
}

/** A price change's preview, with the form that applies it when any price would change. */
export function PriceChangePreview({
  summary,
  changedMeanwhile,
  fields,
  multipart,
  applyLabel,
}: {
  summary: CataloguePriceChangeSummary;
  changedMeanwhile: boolean;
  fields: Readonly<Record<string, string | undefined>>;
  multipart?: boolean;
  applyLabel: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <PreviewPanel changedMeanwhile={changedMeanwhile}>
      <ChangeSummary summary={summary} caption={t`Largest moves`} />
      {summary.prices === 0 ? null : (
        <ApplyForm multipart={multipart} fields={fields} basedOnRevision={summary.basedOnRevision}>
          {applyLabel}
        </ApplyForm>
      )}
    </PreviewPanel>
  );
}

/** An applied price change: its heading, the revision saved, and what changed. */
export function PriceChangeApplied({
  summary,
  heading,
}: {
  summary: CataloguePriceChangeSummary;
  heading: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <AppliedPanel heading={heading} revisionId={summary.revisionId}>
      <ChangeSummary summary={summary} caption={t`Largest moves`} />
    </AppliedPanel>
  );
}
