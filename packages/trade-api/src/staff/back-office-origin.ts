import { resolveHost } from '@tradein/editions';

/*
 * Where the back office is reached (docs/staff.md, "The back office's host"): the host `ops.`
 * next to the shops. From the trade API's PUBLIC_ORIGIN: a local shop (`localhost`,
 * `fr.localhost`) gives `ops.localhost`; any other host gives `ops.` + the host without a
 * leading `www.` (`https://www.tradein.de` → `https://ops.tradein.de`); scheme and port stay.
 */

/** The back office's origin for the trade API's PUBLIC_ORIGIN. */
export function backOfficeOrigin(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  const host = url.hostname.toLowerCase();
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    resolveHost(host)?.environment === 'local';
  const opsHost = local ? 'ops.localhost' : `ops.${host.replace(/^www\./, '')}`;
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${opsHost}${port}`;
}

/** The path of an invitation link on the back office's host. */
export function invitationPath(token: string): string {
  return `/invitation/${token}`;
}
