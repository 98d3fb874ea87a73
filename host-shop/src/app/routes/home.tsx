import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { buildPath, getEdition } from '@tradein/editions';
import { offerValidityDays, payoutBusinessDays } from '@tradein/editions/client';
import type { ShouldRevalidateFunction } from 'react-router';
import { categoryTree } from '../catalogue.server.ts';
import { HowItWorks } from '../components/how-it-works.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { TrustStrip } from '../components/trust-strip.tsx';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { SellFlowWidget } from '../sell-flow/flow-step.ts';
import { sameSellFlowPage } from '../sell-flow/revalidate.ts';
import { sellFlowPage } from '../sell-flow/sell-flow-page.ts';
import type { Route } from './+types/home';

export async function loader(args: Route.LoaderArgs) {
  const { request, i18n } = screenOf(args, ['home']);
  const { site, api } = request;
  const categories = await categoryTree(api, site.edition);
  const edition = getEdition(site.edition);
  const widget: SellFlowWidget = { attributes: {}, start: { screen: 'search' } };
  return {
    seo: pageSeo(request, {
      route: 'home',
      title: i18n._(msg`Sell your used electronics at a fixed price`),
      description: i18n._(
        msg`Sell your phone, tablet, laptop or camera: an offer in two minutes, free shipping, quick payout.`,
      ),
      keywords: categories.map((category) => category.name).join(', '),
    }),
    widget,
    categories: categories.map((category) => ({
      name: category.name,
      href: buildPath(site.edition, 'sellCategory', { category: category.url }),
      thumbnail: category.thumbnail,
    })),
    banner: edition.hasHomeBanner
      ? { href: buildPath(site.edition, 'content', { slug: 'eco-effect' }) }
      : undefined,
    // The consumer shop of an edition that shows eKomi's reviews links their review page.
    reviews:
      site.shopMode === 'default' && edition.ekomi.showReviewSlider
        ? { href: edition.ekomi.reviewPageUrl }
        : undefined,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export const shouldRevalidate: ShouldRevalidateFunction = sameSellFlowPage;

/** A check mark before each promise of the hero. */
function Check() {
  return (
    <svg
      className="promise-line__icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
    >
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  );
}

/** The top of the home page: what the shop does and its promise, above the widget's search. */
export default function Home() {
  const { t } = useLingui();
  return (
    <div className="hero">
      <h1>
        <Trans>Sell your used electronics</Trans>
      </h1>
      <p className="lead">
        <Trans>Search for your device and get a fixed offer in two minutes.</Trans>
      </p>
      <ul className="promise-line" aria-label={t`In short`}>
        <li>
          <Check />
          <Plural
            value={offerValidityDays}
            one="Fixed offer, valid for # day"
            other="Fixed offer, valid for # days"
          />
        </li>
        <li>
          <Check />
          <Trans>Free shipping</Trans>
        </li>
        <li>
          <Check />
          <Plural
            value={payoutBusinessDays}
            one="Paid within # working day"
            other="Paid within # working days"
          />
        </li>
      </ul>
    </div>
  );
}

function HomeBelow({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { categories, banner, reviews } = loaderData;
  return (
    <>
      <section aria-labelledby="categories-heading" className="categories">
        <h2 id="categories-heading">
          <Trans>What would you like to sell?</Trans>
        </h2>
        <ul className="tiles">
          {categories.map((category) => (
            <li key={category.href}>
              <ShopLink to={category.href} className="tile">
                {category.thumbnail === null ? (
                  <span className="tile__image" aria-hidden="true" />
                ) : (
                  <img
                    className="tile__image"
                    src={category.thumbnail}
                    alt=""
                    width="96"
                    height="96"
                    loading="lazy"
                  />
                )}
                <span className="tile__name">{category.name}</span>
              </ShopLink>
            </li>
          ))}
        </ul>
      </section>
      <HowItWorks />
      <TrustStrip />
      {reviews === undefined ? null : (
        <section className="reviews" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">
            <Trans>What sellers say about us</Trans>
          </h2>
          <p>
            <Trans>
              Sellers rate their trades at eKomi, the independent review service. Read what they
              wrote, good and bad.
            </Trans>
          </p>
          <a href={reviews.href} rel="noopener" className="button button--secondary">
            <Trans>Read the reviews at eKomi</Trans>
          </a>
        </section>
      )}
      {banner === undefined ? null : (
        <aside className="home-banner" aria-labelledby="home-banner-heading">
          <h2 id="home-banner-heading">
            <Trans>Every device sold is one less new one made</Trans>
          </h2>
          <p>
            <Trans>See how much CO₂ and raw material selling your device saves.</Trans>
          </p>
          <ShopLink to={banner.href} className="button button--secondary">
            <Trans>Our eco effect</Trans>
          </ShopLink>
        </aside>
      )}
    </>
  );
}

export const handle = sellFlowPage(HomeBelow);
