import { createHmac } from 'node:crypto';

/** Separates the newsletter key from every other use of the server secret. */
const keyPurpose = 'tradein newsletter email hash v1';

/** The HMAC key of newsletter links, derived from the server secret (never the secret itself). */
export function newsletterHashKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update(keyPurpose).digest();
}

/**
 * The `{emailHash}` of a subscription's links: HMAC-SHA256 over edition and lower-case e-mail
 * with a key derived from the server secret, as 64 hex digits. Without the secret nobody can
 * compute it from an address, so a link proves that its holder received our mail.
 */
export function newsletterEmailHash(key: Buffer, edition: string, email: string): string {
  return createHmac('sha256', key).update(`${edition}\n${email.toLowerCase()}`).digest('hex');
}
