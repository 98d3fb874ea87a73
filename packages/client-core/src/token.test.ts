import { describe, expect, it } from 'vitest';
import { decodeAccessToken, expiryMilliseconds, isTokenExpired } from './token.ts';

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function jwt(claims: Record<string, unknown>): string {
  return `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}.c2lnbmF0dXJl`;
}

describe('decodeAccessToken', () => {
  it('reads sub and exp without checking the signature', () => {
    expect(decodeAccessToken(jwt({ sub: 'customer-7', exp: 1_700_000_000, iat: 1 }))).toEqual({
      sub: 'customer-7',
      exp: 1_700_000_000,
    });
  });

  it.each([
    ['no sub', jwt({ exp: 1 }), /subject/],
    ['an empty sub', jwt({ sub: '', exp: 1 }), /subject/],
    ['a numeric sub', jwt({ sub: 7, exp: 1 }), /JWT|subject/],
    ['no exp', jwt({ sub: 'a' }), /expiry/],
    ['a string exp', jwt({ sub: 'a', exp: '1' }), /JWT|expiry/],
    ['no JWT at all', 'opaque', /not a readable JWT/],
  ])('rejects a token with %s', (_case, token, message) => {
    expect(() => decodeAccessToken(token)).toThrow(message);
  });
});

describe('expiry', () => {
  it('converts exp seconds to milliseconds', () => {
    expect(expiryMilliseconds({ sub: 'a', exp: 1_700_000_000 })).toBe(1_700_000_000_000);
  });

  it.each([
    [999, false],
    [1000, true],
    [1001, true],
  ])('at %i ms a token expiring at 1000 ms is expired: %s', (now, expired) => {
    expect(isTokenExpired(1000, now)).toBe(expired);
  });
});
