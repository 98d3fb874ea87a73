import { cartCountCookieName, cartCountCookieSchema } from '@tradein/contract';

/**
 * The number of devices in the visitor's cart, from the cookie the client core mirrors it into
 * (a request's `Cookie` header on the server, `document.cookie` in the browser). Undefined for
 * an empty cart, and for a cookie that is missing or not a count: the cookie is the visitor's
 * to edit, so a bad one shows no count rather than an error.
 */
export function cartCountOf(cookies: string | null | undefined): number | undefined {
  if (cookies === null || cookies === undefined) return undefined;
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== cartCountCookieName) continue;
    const parsed = cartCountCookieSchema.safeParse(pair.slice(at + 1).trim());
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}
