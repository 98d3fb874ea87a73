import { createHash } from 'node:crypto';

/**
 * Who a customer is for rules that span trades (voucher uses, the B2B cap): the SHA-256 (hex) of
 * the lower-case e-mail address. Registered customers have one address each; every guest session
 * is a customer row of its own, and the address is what ties a seller's guest checkouts
 * together. The address itself is not stored again for these rules.
 */
export function customerKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
