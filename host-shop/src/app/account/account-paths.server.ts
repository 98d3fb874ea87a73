import { buildPath, type EditionCode } from '@tradein/editions';

/** The paths of the account area in an edition, for the pages' links. */
export function accountPaths(edition: EditionCode) {
  return {
    overview: buildPath(edition, 'account'),
    register: buildPath(edition, 'accountRegister'),
    management: buildPath(edition, 'accountManagement'),
    passwordForgot: buildPath(edition, 'accountPasswordForgot'),
    paymentChange: buildPath(edition, 'accountPaymentChange'),
    addressChange: buildPath(edition, 'accountAddressChange'),
    contact: buildPath(edition, 'contact'),
    home: buildPath(edition, 'home'),
  };
}

export type AccountPaths = ReturnType<typeof accountPaths>;
