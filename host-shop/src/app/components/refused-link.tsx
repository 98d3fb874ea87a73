import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The page a mailed link leads to when the link cannot be used (malformed, expired, used): the
 * page's heading, what happened and what to do, and the way to the service team.
 */
export function RefusedLink({
  heading,
  contactPath,
  children,
  after,
}: {
  heading: ReactNode;
  contactPath: string;
  children: ReactNode;
  /** What else the customer can do (a form asking for a new link). */
  after?: ReactNode;
}) {
  return (
    <main id="main" className="page">
      {heading}
      <p className="notice notice--error" role="alert">
        {children}
      </p>
      <Link className="button" to={contactPath}>
        <Trans>Contact us</Trans>
      </Link>
      {after}
    </main>
  );
}
