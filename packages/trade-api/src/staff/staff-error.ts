/*
 * Why a staff operation refused: one reason per case a person must be told apart (docs/staff.md).
 * The command line prints the message; the API turns the reason into its status and code
 * (staff-routes.ts).
 */

/** The reasons a staff operation refuses. */
export type StaffRefusal =
  | 'alreadyMember'
  | 'unknownInvitation'
  | 'usedInvitation'
  | 'expiredInvitation'
  | 'passwordRules'
  | 'wrongTotpCode'
  | 'wrongCredentials'
  | 'disabled'
  | 'notFound'
  | 'lastAdmin';

/** A refused staff operation with a message meant for the person. */
export class StaffError extends Error {
  readonly reason: StaffRefusal;
  constructor(reason: StaffRefusal, message: string) {
    super(message);
    this.name = 'StaffError';
    this.reason = reason;
  }
}
