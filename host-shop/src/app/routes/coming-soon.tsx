import { msg } from '@lingui/core/macro';
import type { RouteName } from '@tradein/editions';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { buildPath } from '@tradein/editions';
import { screenOf } from '../screen.server.ts';
import { ComingSoonPage } from '../components/coming-soon-page.tsx';
import { pageMeta, pageSeo } from '../seo.ts';

/** The account, newsletter and clarification screens of §2 that follow in later releases. */
const comingScreens = [
  'newsletterEnrich',
  'newsletterEnrichHash',
  'newsletterUnsubscribeSuccess',
  'newsletterUnsubscribe',
  'clarification',
  'clarificationQuickAnswer',
  'clarificationLegacy',
  'clarificationQuickAnswerLegacy',
] as const satisfies readonly RouteName[];

/** Which area a screen belongs to, for the page's heading. */
function areaOf(screen: RouteName): 'account' | 'newsletter' | 'clarification' {
  if (screen.startsWith('newsletter')) return 'newsletter';
  if (screen.startsWith('clarification')) return 'clarification';
  return 'account';
}

export function loader(args: LoaderFunctionArgs) {
  const { request, match, i18n } = screenOf(args, comingScreens);
  const area = areaOf(match.name);
  const titles = {
    account: msg`Your account`,
    newsletter: msg`Newsletter`,
    clarification: msg`Your clarification`,
  };
  return {
    seo: pageSeo(request, {
      route: match.name,
      params: match.params,
      title: i18n._(titles[area]),
      description: i18n._(msg`This part of the shop opens soon.`),
      noIndex: true,
    }),
    area,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ComingSoon({
  loaderData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  return <ComingSoonPage area={loaderData.area} contactPath={loaderData.contactPath} />;
}
