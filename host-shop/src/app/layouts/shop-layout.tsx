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
import { ReviewSeal } from '../components/review-seal.tsx';
import { ConsentBanner, PrivacySettingsButton } from '../consent/consent-banner.tsx';
import { consentBannerData } from '../consent/consent-settings.server.ts';
import { startSession, watchSessionEnd } from '../account/session.ts';
import { useSite } from '../root.tsx';
import { shopRequest } from '../shop-context.ts';
import { NotFound } from './not-found.tsx';
import { cartCountOf } from './cart-count.ts';
import { HeaderCartLink } from './header-cart-link.tsx';
import { layoutName } from './layout-name.ts';
import {
  headerCategories,
  shopChrome,
  type HeaderCategory,
  type ShopChrome,
} from './shop-chrome.server.ts';
import { LogoMark } from './logo-mark.tsx';
import { NewsletterSignup } from './newsletter-signup.tsx';
import type { Route } from './+types/shop-layout';

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = shopRequest(context);
  return {
    chrome: shopChrome(shop),
    categories: await headerCategories(shop),
    consent: consentBannerData(shop),
    // The header's count, from the cookie the widget's cart keeps (no count for a bad one).
    cartCount: cartCountOf(request.headers.get('cookie')),
  };
}

/** The logo: the mark and the brand's name as text, which names the link home. */
function Brand({ chrome }: { chrome: ShopChrome }) {
  const [name, suffix] = chrome.brand.split(' ');
  return (
    <Link to={chrome.paths.home} className="brand">
      <LogoMark />
      <span className="brand__name">
        {name}
        {suffix === undefined ? null : (
          <>
            {' '}
            <span className="brand__suffix">{suffix}</span>
          </>
        )}
      </span>
    </Link>
  );
}

/** A small line icon beside a header link's text (the text names the link). */
function HeaderIcon({ kind }: { kind: 'account' | 'cart' }) {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      {kind === 'account' ? (
        <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c.8-3.5 3.6-5.5 7-5.5s6.2 2 7 5.5" />
      ) : (
        <path d="M3 4h2.2l2.3 11h10.8l2-8H6.6M10 20h.01M17 20h.01" />
      )}
    </svg>
  );
}

/**
 * The sell categories as one row of links: below the bar, scrolling sideways on a phone (every
 * link a 44 px target, reached by Tab too), all in view on a wide screen. Rendered on the
 * server in full, so nothing moves when the page hydrates.
 */
function CategoryNav({
  categories,
  buyShopLink,
}: {
  categories: readonly HeaderCategory[];
  buyShopLink: string | undefined;
}) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  if (categories.length === 0 && buyShopLink === undefined) return null;
  return (
    <nav aria-label={t`Sell categories`} className="category-nav">
      <ul className="category-nav__list">
        {categories.map((category) => (
          <li key={category.href}>
            <Link
              to={category.href}
              prefetch="intent"
              aria-current={pathname === category.href ? 'page' : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
        {buyShopLink === undefined ? null : (
          <li className="category-nav__aside">
            <a href={buyShopLink} rel="noopener">
              <Trans>Buy refurbished</Trans>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Header({
  chrome,
  categories,
  minimal,
  cartCount,
}: {
  chrome: ShopChrome;
  categories: readonly HeaderCategory[];
  minimal: boolean;
  cartCount: number | undefined;
}) {
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Brand chrome={chrome} />
        {minimal ? null : (
          <div className="site-header__tools">
            {chrome.accountLink ? (
              <Link to={chrome.paths.account} className="header-link">
                <HeaderIcon kind="account" />
                <span className="header-link__label">
                  <Trans>Your account</Trans>
                </span>
              </Link>
            ) : null}
            <HeaderCartLink
              href={chrome.paths.checkout}
              count={cartCount}
              icon={<HeaderIcon kind="cart" />}
            />
          </div>
        )}
      </div>
      {minimal ? null : <CategoryNav categories={categories} buyShopLink={chrome.buyShopLink} />}
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
          {chrome.reviewSeal === null ? null : (
            <ReviewSeal reviewPageUrl={chrome.reviewSeal.reviewPageUrl} />
          )}
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
        <Header
          chrome={chrome}
          categories={data?.categories ?? []}
          minimal={minimal}
          cartCount={data?.cartCount}
        />
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
