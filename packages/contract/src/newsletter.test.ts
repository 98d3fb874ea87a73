import { describe, expect, it } from 'vitest';
import {
  newsletterEndpoints,
  newsletterEnrichRequestSchema,
  newsletterSubscribeRequestSchema,
} from './newsletter.ts';

describe('newsletter contract', () => {
  it.each([
    [{ email: 'a@example.org', edition: 'de' }, true],
    [{ email: 'a@example.org', edition: 'it', source: 'checkout' }, true],
    [{ email: 'a@example.org', edition: 'uk' }, false],
    [{ email: 'a@example.org', edition: 'de', source: 'Footer!' }, false],
    [{ email: 'nope', edition: 'de' }, false],
  ])('subscribe body %j valid: %s', (body, valid) => {
    expect(newsletterSubscribeRequestSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    [{ emailHash: 'a'.repeat(64), firstName: 'Anna' }, true],
    [{ emailHash: 'a'.repeat(64), interests: ['news', 'tips'] }, true],
    [{ emailHash: 'a'.repeat(64) }, false],
    [{ emailHash: 'A'.repeat(64), firstName: 'Anna' }, false],
    [{ emailHash: 'a'.repeat(64), interests: ['news', 'news'] }, false],
  ])('enrich body %j valid: %s', (body, valid) => {
    expect(newsletterEnrichRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('puts every call under /api/newsletter without a bearer token', () => {
    for (const endpoint of Object.values(newsletterEndpoints)) {
      expect(endpoint.path).toMatch(/^\/api\/newsletter\/[a-z]+$/);
      expect(endpoint.auth).toBe('none');
    }
  });
});
