import { Trans, useLingui } from '@lingui/react/macro';
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { useEffect } from 'react';
import { accountApi } from '../account/account-api.ts';
import { ConsentBanner, PrivacySettingsButton } from '../consent/consent-banner.tsx';
import { consentBannerData } from '../consent/consent-settings.server.ts';
import { startSession, watchSessionEnd } from '../account/session.ts';
import { useSite } from '../root.tsx';
import { shopRequest } from '../shop-context.ts';
import { NotFound } from './not-found.tsx';
import { cartCountOf } from './cart-count.ts';
import { HeaderCartLink } from './header-cart-link.tsx';
import { layoutName } from './layout-name.ts';
import { shopChrome, type ShopChrome } from './shop-chrome.server.ts';
import { NewsletterSignup } from './newsletter-signup.tsx';
import type { Route } from './+types/shop-layout';

export function loader({ context, request }: Route.LoaderArgs) {
  const shop = shopRequest(context);
  return {
    chrome: shopChrome(shop),
    consent: consentBannerData(shop),
    // The header's count, from the cookie the widget's cart keeps (no count for a bad one).
    cartCount: cartCountOf(request.headers.get('cookie')),
  };
}

/** The brand mark: the name as text, so it needs no image and reads out as itself. */
function Brand({ chrome }: { chrome: ShopChrome }) {
  return (
    <Link to={chrome.paths.home} className="brand" aria-label={chrome.brand}>
      <span aria-hidden="true" className="brand__mark" />
      <span>{chrome.brand}</span>
    </Link>
  );
}

function Header({
  chrome,
  minimal,
  cartCount,
}: {
  chrome: ShopChrome;
  minimal: boolean;
  cartCount: number | undefined;
}) {
  const { t } = useLingui();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand chrome={chrome} />
        {minimal ? null : (
          <nav aria-label={t`Main`} className="site-nav">
            <HeaderCartLink href={chrome.paths.checkout} count={cartCount} />
            <Link to={chrome.paths.contact} prefetch="intent">
              <Trans>Contact</Trans>
            </Link>
            {chrome.accountLink ? (
              <Link to={chrome.paths.account}>
                <Trans>Your account</Trans>
              </Link>
            ) : null}
            {chrome.buyShopLink === undefined ? null : (
              <a href={chrome.buyShopLink} rel="noopener">
                <Trans>Buy refurbished</Trans>
              </a>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}

function Footer({ chrome, minimal }: { chrome: ShopChrome; minimal: boolean }) {
  const { t } = useLingui();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {chrome.newsletter ? <NewsletterSignup /> : null}
        {minimal ? null : (
          <nav aria-label={t`Information`} className="footer-links">
            <ul>
              {chrome.contentLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.title}</Link>
                </li>
              ))}
              <li>
                <Link to={chrome.paths.contact}>
                  <Trans>Contact</Trans>
                </Link>
              </li>
            </ul>
          </nav>
        )}
        <div className="footer-trust">
          <img
            src={chrome.shippingLogo.src}
            alt={chrome.shippingLogo.alt}
            width="96"
            height="32"
            loading="lazy"
          />
          {chrome.reviewSeal ? (
            <p className="review-seal">
              <Trans>eKomi seal: verified customer reviews</Trans>
            </p>
          ) : null}
        </div>
        {chrome.socialMediaButtons.length === 0 ? null : (
          <ul className="social-links" aria-label={t`Follow us`}>
            {chrome.socialMediaButtons.map((button) => (
              <li key={button.network}>
                <a href={button.url} rel="noopener" className={`social social--${button.network}`}>
                  {button.network}
                </a>
              </li>
            ))}
          </ul>
        )}
        <PrivacySettingsButton />
        <p className="footer-brand">© {chrome.brand}</p>
      </div>
    </footer>
  );
}

/** Header, main content and footer in the layout of the host's shop mode (§2). */
function Chrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('shop');
  const chrome = data?.chrome;
  const site = useSite();
  const matches = useMatches();
  const isHome = matches.some((match) => match.id.startsWith('home.'));
  const layout = layoutName(site, isHome);
  const minimal = layout === 'aganwidget-default';
  return (
    <div className={`layout layout--${layout}`} data-layout={layout}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <ConsentBanner />
      {chrome === undefined ? null : (
        <Header chrome={chrome} minimal={minimal} cartCount={data?.cartCount} />
      )}
      {children}
      {chrome === undefined ? null : <Footer chrome={chrome} minimal={minimal} />}
    </div>
  );
}

/**
 * Once the shop's scripts run: the stored session's start rules of §4, and the watch that tells a
 * customer why the login form is back when the session ends elsewhere.
 */
function useAccountSession(): void {
  useEffect(() => {
    const stopWatching = watchSessionEnd();
    const stopSession = startSession(accountApi());
    return () => {
      stopWatching();
      stopSession();
    };
  }, []);
}

export default function ShopLayout() {
  useAccountSession();
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

/** A page that answered 404 (unknown path, device, category or content): the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const contactPath = useRouteLoaderData<typeof loader>('shop')?.chrome.paths.contact;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <NotFound path={pathname} contactPath={contactPath} />
      </Chrome>
    );
  }
  throw error;
}
