import { tradeNumberSchema } from '@tradein/contract';
import { jwtVerify, SignJWT } from 'jose';
import { daysAfter } from '../time/day.ts';

/*
 * The link of a trade's status page in the shop (`/trade/status?token=…`): a seller without an
 * account follows the trade with it. The token is a JWT signed with the server's secret (HS256)
 * naming the trade number, with its own audience, so neither an access token opens the page nor
 * a status token any customer call. It is not stored: it cannot be withdrawn, only expire, and it
 * shows nothing but the trade's progress (no address, no full payout account).
 */

/** A status link opens the page this many days after its mail: longer than a trade takes. */
export const tradeStatusLinkDays = 90;

/** The shop page of the link; every edition has it at this path (editions' route tables). */
const tradeStatusPath = '/trade/status';

const statusIssuer = 'tradein-trade-api';
const statusAudience = 'tradein-trade-status';

function signingKey(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret);
}

/** Signs the status token of a trade, valid {@link tradeStatusLinkDays} days from `now`. */
export function issueTradeStatusToken(
  jwtSecret: string,
  tradeNumber: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = Math.floor(daysAfter(now, tradeStatusLinkDays).getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(tradeNumber)
    .setIssuer(statusIssuer)
    .setAudience(statusAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signingKey(jwtSecret));
}

/**
 * The trade a status token names and when it expires; undefined for a token that is malformed,
 * tampered, expired, signed with another secret or meant for something else, whatever the reason.
 */
export async function verifyTradeStatusToken(
  jwtSecret: string,
  token: string,
  now: Date,
): Promise<{ tradeNumber: string; expiresAt: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(jwtSecret), {
      algorithms: ['HS256'],
      issuer: statusIssuer,
      audience: statusAudience,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const tradeNumber = tradeNumberSchema.safeParse(payload.sub);
    if (!tradeNumber.success || payload.exp === undefined) return undefined;
    return {
      tradeNumber: tradeNumber.data,
      expiresAt: new Date(payload.exp * 1000).toISOString(),
    };
  } catch {
    return undefined;
  }
}

/** The status page's link for a token, on the origin of the trade's shop. */
export function tradeStatusLink(shopOrigin: string, token: string): string {
  const url = new URL(tradeStatusPath, shopOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}
