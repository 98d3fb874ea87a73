import type { ApiClient } from '@tradein/client-core';
import type { EditionCode } from '@tradein/editions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogueRevision } from '../app/catalogue.server.ts';
import { siteForHost, type Site } from '../app/site.ts';
import { entityTag, namesTag } from './entity-tag.ts';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

export interface SearchEngineFilesOptions {
  /** The trade API the sitemap reads the catalogue from; without it, robots.txt only. */
  api: ApiClient | undefined;
  /** The origin links name. */
  publicOrigin(site: Site, request: FastifyRequest): string;
}

/** Crawlers may keep both for an hour, then ask again with the entity tag. */
const cacheControl = 'public, max-age=3600';

/** Sends a text with its entity tag, or a 304 when the client holds it already. */
function sendWithValidator(request: FastifyRequest, reply: FastifyReply, body: string) {
  const tag = entityTag(body);
  reply.header('cache-control', cacheControl).header('etag', tag);
  if (namesTag(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.send(body);
}

/**
 * `/robots.txt` and `/sitemap.xml` of each edition host (sitemap.ts), with validators; a plugin
 * registered after the compression, so the sitemap is compressed for clients that accept it.
 */
export async function searchEngineFiles(
  app: FastifyInstance,
  { api, publicOrigin }: SearchEngineFilesOptions,
): Promise<void> {
  app.get('/robots.txt', async (request, reply) => {
    const site = siteForHost(request.host);
    reply.type('text/plain; charset=utf-8');
    return sendWithValidator(request, reply, robotsTxt(publicOrigin(site, request)));
  });

  if (api === undefined) return;
  // The sitemap's pages are asked once per edition and catalogue revision (a change of the
  // catalogue reaches the sitemap within a second of the API serving it); never per host name,
  // which a client chooses (unknown hosts are served too).
  const pathsByEdition = new Map<EditionCode, { revision: number; paths: Promise<string[]> }>();
  app.get('/sitemap.xml', async (request, reply) => {
    const site = siteForHost(request.host);
    const revision = await catalogueRevision(api);
    let paths = pathsByEdition.get(site.edition);
    if (paths === undefined || paths.revision !== revision) {
      const entry = { revision, paths: sitemapPaths(api, site.edition) };
      pathsByEdition.set(site.edition, entry);
      entry.paths.catch(() => {
        if (pathsByEdition.get(site.edition) === entry) pathsByEdition.delete(site.edition);
      });
      paths = entry;
    }
    reply.type('application/xml; charset=utf-8');
    return sendWithValidator(
      request,
      reply,
      sitemapXml(publicOrigin(site, request), await paths.paths),
    );
  });
}
