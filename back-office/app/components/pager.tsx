import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';

/** Previous and next page of a list whose page lives in the URL, and where the list stands. */
export function Pager({
  page,
  pages,
  hrefOf,
  label,
  className,
  linkClassName,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  label?: string;
  className: string;
  linkClassName?: string;
}) {
  const { t } = useLingui();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label ?? t`Pages`} className={className}>
      {page > 1 ? (
        <Link className={linkClassName} to={hrefOf(Math.min(page - 1, pages))} rel="prev">
          <Trans>Previous page</Trans>
        </Link>
      ) : null}
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <Link className={linkClassName} to={hrefOf(page + 1)} rel="next">
          <Trans>Next page</Trans>
        </Link>
      ) : null}
    </nav>
  );
}
