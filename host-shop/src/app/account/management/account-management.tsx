import { Trans } from '@lingui/react/macro';
import type { EditionCode } from '@tradein/editions/client';
import type { LoggedInAccount } from '../account-gate.tsx';
import type { AccountPaths } from '../account-paths.server.ts';
import { AddressSection } from './address-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PayoutSection } from './payout-section.tsx';
import { PersonalSection } from './personal-section.tsx';
import { PhoneSection } from './phone-section.tsx';

/** What every section of the management page gets. */
export interface SectionProps {
  account: LoggedInAccount;
  edition: EditionCode;
  paths: AccountPaths;
}

/** The customer's data: person, addresses, payout accounts, phones, password and deletion. */
export function AccountManagement(props: SectionProps) {
  return (
    <>
      <h1>
        <Trans>Your data</Trans>
      </h1>
      <PersonalSection {...props} />
      <AddressSection {...props} />
      <PayoutSection {...props} />
      <PhoneSection {...props} />
      <PasswordSection {...props} />
      <DeleteSection {...props} />
    </>
  );
}
