import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router';

export interface NotFoundProps {
  /**
   * The requested path; the links of mails (clarification, trade status) get the expired-link
   * variant (spec §2).
   */
  path: string;
  /** The edition's contact page, which the expired-link variant offers besides the home page. */
  contactPath?: string | undefined;
}

/** The 404 page: headline, subtitle and message, or the expired-link variant. */
export function NotFound({ path, contactPath }: NotFoundProps) {
  const { t } = useLingui();
  const statusLink = path.startsWith('/trade/status');
  const expiredLink = statusLink || path.includes('clarification');
  const headline = expiredLink
    ? t({ id: 'ERRORPAGE_OOPS_EXPIRED_LINK', message: 'Oops, this link has expired' })
    : t({ id: 'ERRORPAGE_OOPS', message: 'Oops!' });
  useEffect(() => {
    // The tracking layer learns the page type (spec §2); a tag manager reads the data layer.
    const layer = ((window as { dataLayer?: unknown[] }).dataLayer ??= []);
    layer.push({ event: 'pageType', pageType: '404', path });
  }, [path]);
  return (
    <main className="page page--not-found" id="main" data-page-type="404">
      <title>{headline}</title>
      <h1>{headline}</h1>
      {statusLink ? (
        <p>
          <Trans>
            The link to the status of your trade is invalid or no longer valid. You find a fresh one
            in the latest e-mail about your trade, or contact us with your trade number.
          </Trans>
        </p>
      ) : expiredLink ? (
        <p>
          <Trans id="ERRORPAGE_EXPIRED_LINK">
            The link to your clarification is no longer valid. Please log in to your account to see
            the current state of your trade, or contact us.
          </Trans>
        </p>
      ) : (
        <>
          <p className="lead">
            <Trans id="ERRORPAGE_SUBTITLE">We could not find this page.</Trans>
          </p>
          <p>
            <Trans id="ERRORPAGE_MSG">
              The page may have moved or no longer exists. Start again from the home page or search
              for your device.
            </Trans>
          </p>
        </>
      )}
      <Link className="button" to="/">
        <Trans>Go to the home page</Trans>
      </Link>
      {expiredLink && contactPath !== undefined ? (
        <Link className="button" to={contactPath}>
          <Trans>Contact us</Trans>
        </Link>
      ) : null}
    </main>
  );
}
