import type { ReactNode } from 'react';

/** A region around a wide table that scrolls sideways; it takes the focus so that keyboard users can scroll it. */
export function ScrollRegion({
  className = 'table-scroll',
  label,
  labelledBy,
  children,
}: {
  className?: string;
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-label={label}
      aria-labelledby={labelledBy}
      // A region that scrolls must be focusable so that keyboard users can scroll it.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {children}
    </section>
  );
}
