import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StaffRole } from '@tradein/contract';

/** The roles in the order screens list them, each with its name and what it allows. */
export const staffRoles: readonly {
  role: StaffRole;
  label: MessageDescriptor;
  allows: MessageDescriptor;
}[] = [
  {
    role: 'admin',
    label: msg`Admin`,
    allows: msg`invites staff, changes roles, reads the audit log`,
  },
  {
    role: 'inspector',
    label: msg`Inspector`,
    allows: msg`receives parcels, inspects devices, records sellers' decisions`,
  },
  {
    role: 'payouts',
    label: msg`Payouts`,
    allows: msg`makes, downloads and confirms payout batches`,
  },
  {
    role: 'pricing',
    label: msg`Pricing`,
    allows: msg`changes prices, imports and retires devices`,
  },
];
