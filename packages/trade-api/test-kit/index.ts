/**
 * The trade API's test kit for the other packages' tests (`@tradein/trade-api/test-kit`): the
 * one way to call the API, the outbox reader, request bodies the API accepts, and what a test
 * needs to run the operator commands on a server's data folder, as `npm run ops` does. Runs
 * under vitest; a plain Node process (the widget's browser-test server) imports the outbox
 * reader alone (`@tradein/trade-api/test-kit/outbox-mail`).
 */
export { apiCaller } from './api-call.ts';
export type { ApiCall } from './api-call.ts';
export { registrationBody, tokenOfLink } from './account-test-kit.ts';
export { mailsTo, readOutbox } from './outbox-mail.ts';
export { checkoutBody } from './trade-test-kit.ts';
export { runOpsCommand } from '../src/cli/ops-commands.ts';
export { createDatabase } from '../src/db/create-database.ts';
export { createMailer } from '../src/mail/mailer.ts';
export { issueTradeStatusToken } from '../src/trades/trade-status-link.ts';
export {
  databaseOfDataDir,
  signedInStaff,
  testStaffPassword,
  totpCodeOf,
} from './staff-test-kit.ts';
export type { TestStaffSession } from './staff-test-kit.ts';
