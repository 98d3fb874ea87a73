import { shopCatalog } from '../../i18n/shop-catalog.ts';
import { contentPage } from '../content/content-pages.server.ts';
import { LegalBlockView } from '../content/legal-blocks.tsx';
import { legalBlockData, pageSegments } from '../content/legal-pages.server.ts';
import { notFound, screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';
import type { Route } from './+types/content';

/** A static page (`/content/{slug}`) in the edition's language; unknown slugs are 404s. */
export function loader(args: Route.LoaderArgs) {
  const { request, match } = screenOf(args, ['content']);
  const { language, shopMode } = request.site;
  const page = contentPage(shopCatalog(language, shopMode), match.params['slug'] ?? '');
  if (page === undefined) notFound();
  // Legal pages place blocks from the edition configuration (imprint, third-party tools).
  const segments = pageSegments(page.html);
  return {
    seo: pageSeo(request, {
      route: 'content',
      params: { slug: page.slug },
      title: page.title,
      description: page.description,
    }),
    title: page.title,
    description: page.description,
    segments,
    blocks: legalBlockData(request.site, segments),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

export default function Content({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--content">
      <article className="prose">
        <h1>{loaderData.title}</h1>
        <p className="lead">{loaderData.description}</p>
        {loaderData.segments.map((segment, index) =>
          segment.kind === 'block' ? (
            <LegalBlockView key={index} block={segment.block} data={loaderData.blocks} />
          ) : (
            // Rendered from our own Markdown files and sanitized on the server (markdown.server.ts).
            <div key={index} dangerouslySetInnerHTML={{ __html: segment.html }} />
          ),
        )}
      </article>
    </main>
  );
}
