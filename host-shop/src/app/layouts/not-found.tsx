import { Trans, useLingui } from '@lingui/react/macro';
import { Document } from './document.tsx';

export interface NotFoundPageProps {
  language: string;
  /** The requested path; clarification links get the expired-link variant (spec §2). */
  path: string;
}

/** The 404 page: headline, subtitle and message, or the expired-link variant. */
export function NotFoundPage({ language, path }: NotFoundPageProps) {
  const { t } = useLingui();
  const expiredLink = path.includes('clarification');
  const headline = expiredLink
    ? t({ id: 'ERRORPAGE_OOPS_EXPIRED_LINK', message: 'Oops, this link has expired' })
    : t({ id: 'ERRORPAGE_OOPS', message: 'Oops!' });
  return (
    <Document language={language} title={headline} description={headline}>
      <main data-page-type="404">
        <h1>{headline}</h1>
        {expiredLink ? (
          <p>
            <Trans id="ERRORPAGE_EXPIRED_LINK">
              The link to your clarification is no longer valid. Please log in to your account to
              see the current state of your trade, or contact us.
            </Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans id="ERRORPAGE_SUBTITLE">We could not find this page.</Trans>
            </p>
            <p>
              <Trans id="ERRORPAGE_MSG">
                The page may have moved or no longer exists. Start again from the home page or
                search for your device.
              </Trans>
            </p>
          </>
        )}
        <a href="/">
          <Trans>Go to the home page</Trans>
        </a>
      </main>
    </Document>
  );
}
