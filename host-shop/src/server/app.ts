import { matchRoute, resolveRedirect } from '@tradein/editions';
import Fastify, { type FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { createElement } from 'react';
import { NotFoundPage } from '../app/not-found-page.tsx';
import { ShopPage } from '../app/shop-page.tsx';
import { renderDocument } from './render.tsx';
import { contextForHost } from './request-context.ts';

export interface AppOptions {
  logger?: boolean;
}

const htmlType = 'text/html; charset=utf-8';

/** The shop host: one Fastify server answering for every edition host. */
export function buildApp(options: AppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  app.get('/*', async (request, reply) => {
    const context = contextForHost(request.host);
    const redirect = resolveRedirect(context.edition, request.url);
    if (redirect) return reply.redirect(redirect.location, redirect.status);

    const path = request.url.split(/[?#]/, 1)[0] ?? '/';
    const route = matchRoute(context.edition, path);
    if (!route) {
      reply.code(404).type(htmlType);
      // Crawlers get the status alone: an error page must not be indexed as content (spec §2).
      if (isbot(request.headers['user-agent'])) return 'Not Found';
      return renderDocument(
        context.language,
        createElement(NotFoundPage, { language: context.language, path }),
      );
    }
    reply.type(htmlType);
    return renderDocument(context.language, createElement(ShopPage, context));
  });

  return app;
}
