import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as shopLayoutLoader } from '../layouts/shop-layout.tsx';
import { useNonce } from '../nonce.ts';
import type { ConsentCategory } from './consent-choice.ts';
import { connectConsent } from './consent-bridge.ts';
import { consentPageScript } from './consent-page-script.ts';
import type { ConsentBannerData } from './consent-settings.server.ts';

// The URL the visitor landed on: this module runs when the shop's scripts start, before the
// router has moved anywhere. Its touchpoint parameters are the visit's (§9).
const landingUrl = typeof location === 'undefined' ? '' : location.href;

/** The consent data of the shop layout's loader (every page of the shop has it). */
function useConsentData(): ConsentBannerData | undefined {
  return useRouteLoaderData<typeof shopLayoutLoader>('shop')?.consent;
}

/**
 * Once the shop's scripts run: the page's answer goes to the client core's `$consent`, and the
 * first answer that allows statistics starts the shop's tracker (its own chunk, fetched then).
 */
function useConsentTracking(data: ConsentBannerData | undefined): void {
  const applicationId = data?.applicationId;
  const eventName = data?.page.eventName;
  const requestEventName = data?.page.requestEventName;
  useEffect(() => {
    if (applicationId === undefined || eventName === undefined || requestEventName === undefined) {
      return undefined;
    }
    return connectConsent({
      eventName,
      requestEventName,
      onStatisticsAllowed: () => {
        import('../tracking/shop-tracking.ts').then(
          ({ startShopTracking }) => startShopTracking({ applicationId, landingUrl }),
          // Tracking that cannot start changes nothing the visitor sees.
          (error: unknown) => console.error('error creating controlling order', error),
        );
      },
    });
  }, [applicationId, eventName, requestEventName]);
}

/** One purpose the visitor may switch on before saving the choice. */
function CategorySwitch({ category, children }: { category: ConsentCategory; children: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked="false"
      className="consent-switch"
      data-consent-category={category}
    >
      <span className="consent-switch__track" aria-hidden="true" />
      <span>{children}</span>
    </button>
  );
}

/**
 * The consent banner: fixed at the bottom over the page (it shifts nothing) and at most about a
 * third of a phone's screen, so the page above stays usable. "Reject all" and "Accept all" sit
 * side by side in the same style, always in view; the text and a choice per purpose scroll.
 * Rendered hidden by the server; the page's consent script right after it (inline, with the
 * page's nonce) shows it before the first paint when no answer is stored and makes its buttons
 * work, long before React's scripts start. Without JavaScript nothing is tracked, so it stays
 * hidden.
 */
export function ConsentBanner() {
  const { t } = useLingui();
  const id = useId();
  const nonce = useNonce();
  const data = useConsentData();
  useConsentTracking(data);
  if (data === undefined) return null;
  return (
    <>
      <section
        className="consent-banner"
        aria-labelledby={`${id}-title`}
        data-consent-banner=""
        hidden
      >
        <div className="consent-banner__inner">
          <h2 id={`${id}-title`} tabIndex={-1}>
            <Trans>Privacy settings</Trans>
          </h2>
          {/* Text, purposes and "Save choice" scroll on a small screen; the answers stay in view. */}
          <div className="consent-banner__body">
            <p>
              <Trans>
                With your consent we measure visits and campaigns and tailor content to you. You can
                change your choice at any time under “Privacy settings” at the bottom of the page.
              </Trans>{' '}
              <Link to={data.privacyPath}>
                <Trans>Privacy policy</Trans>
              </Link>
            </p>
            <fieldset className="consent-banner__choices">
              <legend className="visually-hidden">
                <Trans>Purposes</Trans>
              </legend>
              <CategorySwitch category="statistics">{t`Statistics and marketing`}</CategorySwitch>
              <CategorySwitch category="personalization">{t`Personalization`}</CategorySwitch>
            </fieldset>
            <button
              type="button"
              className="button button--secondary consent-banner__save"
              data-consent-action="save"
            >
              <Trans>Save choice</Trans>
            </button>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="button" data-consent-action="reject">
              <Trans>Reject all</Trans>
            </button>
            <button type="button" className="button" data-consent-action="accept">
              <Trans>Accept all</Trans>
            </button>
          </div>
        </div>
      </section>
      <script
        nonce={nonce}
        // The server renders the script; in the browser it has run already and React keeps it.
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: import.meta.env.SSR ? consentPageScript(data.page) : '',
        }}
      />
    </>
  );
}

/**
 * The footer's "Privacy settings": opens the banner again with the current answer. Hidden
 * until the page's consent script runs, and while an external consent manager decides.
 */
export function PrivacySettingsButton() {
  return (
    <button type="button" className="consent-settings-button" data-consent-action="open" hidden>
      <Trans>Privacy settings</Trans>
    </button>
  );
}
