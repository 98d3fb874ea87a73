import type { ThirdPartySources } from '../app/tracking/third-party-scripts.server.ts';

/*
 * The security headers of every answer of the shop server outside the trade API, in one place:
 * the pages, their 404 page and their redirects (every HTML answer of the shop) get
 * `pageSecurityHeaders`; the other answers (static files, robots.txt, the sitemap) get
 * `everyAnswerHeaders`. The API under /api sets its own (helmet, packages/trade-api).
 */

/** Headers every answer carries unless it sets its own. */
export const everyAnswerHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** A directive's further sources, each after a space. */
function andOrigins(origins: readonly string[]): string {
  return origins.map((origin) => ` ${origin}`).join('');
}

/**
 * The content security policy of a page: scripts and styles from our own origin, plus the
 * page's own inline scripts (React Router's hydration data) by their per-answer nonce; nothing
 * inline otherwise; framed by our own pages only. The third-party scripts the edition enables
 * (loaded only after consent) add exactly their origins.
 */
function pageSecurityPolicy(nonce: string, thirdParty: ThirdPartySources): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${andOrigins(thirdParty.script)}`,
    ...(thirdParty.connect.length > 0
      ? [`connect-src 'self'${andOrigins(thirdParty.connect)}`]
      : []),
    "style-src 'self'",
    `img-src 'self' data:${andOrigins(thirdParty.img)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** What the headers of one HTML answer depend on. */
export interface PageAnswer {
  /** The nonce of the answer's inline scripts. */
  nonce: string;
  /** The third-party origins the edition's consented scripts need. */
  thirdParty: ThirdPartySources;
  /**
   * Whether the browser is asked for HTTPS only from now on: on production hosts (their public
   * origin is HTTPS, and a browser ignores the header on plain HTTP) and on any host reached
   * over HTTPS (the protocol a trusted proxy names, TRUST_PROXY).
   */
  httpsOnly: boolean;
}

/**
 * The security headers of every page, its 404 and its redirects: the policy above,
 * `X-Frame-Options` saying what `frame-ancestors` says (for browsers that know only the
 * former), COOP, no camera, microphone or location, and HSTS where asked for.
 */
export function pageSecurityHeaders({
  nonce,
  thirdParty,
  httpsOnly,
}: PageAnswer): Record<string, string> {
  return {
    ...everyAnswerHeaders,
    'content-security-policy': pageSecurityPolicy(nonce, thirdParty),
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(httpsOnly ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The security headers of the back office's pages: those of a shop page without third parties,
 * and never framed, not even by our own pages (a staff screen inside a frame could be clicked
 * through by a page that covers it).
 */
export function backOfficeSecurityHeaders(
  nonce: string,
  httpsOnly: boolean,
): Record<string, string> {
  const headers = pageSecurityHeaders({
    nonce,
    thirdParty: { script: [], connect: [], img: [] },
    httpsOnly,
  });
  return {
    ...headers,
    'content-security-policy': (headers['content-security-policy'] ?? '').replace(
      "frame-ancestors 'self'",
      "frame-ancestors 'none'",
    ),
    'x-frame-options': 'DENY',
  };
}
