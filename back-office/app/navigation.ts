import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StaffRole } from '@tradein/contract';

/** One entry of the back office's navigation: where, its name, and who sees it. */
export interface NavigationEntry {
  path: string;
  label: MessageDescriptor;
  /** Members with one of these roles see the entry; empty: everyone. */
  roles: readonly StaffRole[];
}

/** The screens of the staff back office, in the order the navigation lists them. */
export const staffNavigation: readonly NavigationEntry[] = [
  { path: '/', label: msg`Overview`, roles: [] },
  { path: '/trades', label: msg`Trades`, roles: ['admin', 'inspector', 'payouts'] },
  { path: '/receiving', label: msg`Receiving`, roles: ['admin', 'inspector'] },
  { path: '/clarifications', label: msg`Clarifications`, roles: ['admin', 'inspector'] },
  { path: '/payouts', label: msg`Payouts`, roles: ['payouts'] },
  { path: '/catalogue', label: msg`Catalogue and prices`, roles: ['pricing'] },
  { path: '/staff', label: msg`Staff`, roles: ['admin'] },
  { path: '/audit', label: msg`Audit log`, roles: ['admin'] },
];
