import { Trans, useLingui } from '@lingui/react/macro';
import type { CataloguePriceChangeSummary } from '@tradein/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { formatCents } from '../../format.ts';
import { useLocale } from '../../use-locale.ts';

/*
 * Parts the catalogue screens share: their own navigation, a table that scrolls on narrow
 * screens, a preview's largest moves and a refused file's problems.
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
export function Move({ relative }: { relative: number | null }) {
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
export function ChangeSummary({
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
