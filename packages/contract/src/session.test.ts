import { describe, expect, it } from 'vitest';
import { guestSessionRequestSchema, guestSessionSchema, sessionEndpoints } from './session.ts';

describe('session endpoints', () => {
  it('declares the guest session call', () => {
    expect(sessionEndpoints.guestSession).toMatchObject({
      method: 'POST',
      path: '/api/account/guestSession',
      auth: 'none',
    });
  });

  it.each([
    [{ locale: 'de-AT' }, true],
    [{ locale: 'fr' }, true],
    [{ locale: 'DE' }, false],
    [{}, false],
  ])('guest session request %j valid: %s', (body, valid) => {
    expect(guestSessionRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('reads a guest session answer and refuses other token types', () => {
    const answer = { access_token: 'a.b.c', expires_in: 7200, token_type: 'Bearer' };
    expect(guestSessionSchema.parse(answer)).toEqual(answer);
    expect(guestSessionSchema.safeParse({ ...answer, token_type: 'mac' }).success).toBe(false);
    expect(guestSessionSchema.safeParse({ ...answer, access_token: 'a b' }).success).toBe(false);
  });
});
