import { createHash, randomBytes } from 'node:crypto';

/*
 * Every secret the server hands out as a link or a header value (refresh, activation and reset
 * tokens, clarification links, trade mailbox proofs, newsletter opt-ins, tracking client ids):
 * 256 random bits, written as 43 characters of base64url. Where a token authorises something,
 * the database keeps only its SHA-256, so a leaked table opens nothing.
 */

/** A new random opaque token: 32 random bytes as base64url (43 characters). */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
