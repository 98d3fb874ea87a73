import type { LoggedInAccount } from '../account-gate.tsx';

/** The logged-in customer of the account area's unit tests. */
export const loggedInAccount = {
  isLoggedIn: true,
  email: 'anna@example.org',
  accessToken: 'a',
  refreshToken: 'r',
  customerId: '7f2c1f5e-0000-4000-8000-000000000001',
  customerNumber: 'K1234567890',
  customerData: null,
  tokenExpiry: 1,
  remember: false,
} satisfies LoggedInAccount;
