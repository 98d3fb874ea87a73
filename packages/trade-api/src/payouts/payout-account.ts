import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import * as z from 'zod/mini';
import type { PayoutDebtor } from './payout-files.ts';

/*
 * Our bank account that SEPA payouts are paid from, from the environment: PAYOUT_ACCOUNT_NAME,
 * PAYOUT_ACCOUNT_IBAN and PAYOUT_ACCOUNT_BIC (docs/payouts.md). All three or none; a wrong IBAN
 * or BIC stops the process that reads them with a message naming the setting.
 */

const accountSchema = z.object({
  PAYOUT_ACCOUNT_NAME: z.string().check(z.minLength(1, 'must not be empty')),
  PAYOUT_ACCOUNT_IBAN: z
    .string()
    .check(
      z.refine((iban) => isValidIBAN(electronicFormatIBAN(iban) ?? ''), 'must be a valid IBAN'),
    ),
  PAYOUT_ACCOUNT_BIC: z
    .string()
    .check(z.refine((bic) => isValidBIC(bic.trim().toUpperCase()), 'must be a valid BIC')),
});

const names = ['PAYOUT_ACCOUNT_NAME', 'PAYOUT_ACCOUNT_IBAN', 'PAYOUT_ACCOUNT_BIC'] as const;

/** The payout account of the environment; undefined when none of its settings is given. */
export function readPayoutAccount(
  environment: Readonly<Record<string, string | undefined>>,
): PayoutDebtor | undefined {
  const given = Object.fromEntries(
    names.flatMap((name) => {
      const value = environment[name]?.trim();
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
  if (Object.keys(given).length === 0) return undefined;
  const missing = names
    .filter((name) => given[name] === undefined)
    .map((name) => `${name}: is required with the other payout account settings`);
  const parsed = accountSchema.safeParse(given);
  const problems = [
    ...missing,
    ...(parsed.success
      ? []
      : parsed.error.issues
          .filter((issue) => given[String(issue.path[0])] !== undefined)
          .map((issue) => `${String(issue.path[0])}: ${issue.message}`)),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid payout account settings:\n${problems.join('\n')}`);
  }
  return {
    name: parsed.data.PAYOUT_ACCOUNT_NAME,
    iban: electronicFormatIBAN(parsed.data.PAYOUT_ACCOUNT_IBAN) ?? parsed.data.PAYOUT_ACCOUNT_IBAN,
    bic: parsed.data.PAYOUT_ACCOUNT_BIC.trim().toUpperCase(),
  };
}
