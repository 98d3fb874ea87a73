import type { Address } from '@tradein/contract';
import { addressLines } from './address-changes.ts';

/**
 * A stored address as its shipping label prints it, one line below the other. `inline` draws it
 * as phrasing content, for places where an `<address>` may not stand (inside a label).
 */
export function PostalAddress({ address, inline = false }: { address: Address; inline?: boolean }) {
  const lines = addressLines(address).map((line, index) => (
    // Lines may repeat (a company named like its owner); their position tells them apart.
    <span key={index}>{line}</span>
  ));
  return inline ? (
    <span className="postal-address">{lines}</span>
  ) : (
    <address className="postal-address">{lines}</address>
  );
}
