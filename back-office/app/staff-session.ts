import type { StaffMemberView, StaffRole } from '@tradein/contract';

/** Who is signed in, and the CSRF token every form of the page carries. */
export interface StaffPageSession {
  staff: StaffMemberView;
  csrfToken: string;
}

/** Whether the signed-in member has one of `roles`. */
export function hasRole(staff: StaffMemberView, roles: readonly StaffRole[]): boolean {
  return roles.some((role) => staff.roles.includes(role));
}
