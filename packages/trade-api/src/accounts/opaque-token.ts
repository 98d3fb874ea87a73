import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits, base64url): refresh, activation and reset tokens. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
