import type { ReactNode } from 'react';

/** What a list says in place of its table when it has no rows. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
