import { Trans } from '@lingui/react/macro';
import { useStaffSession } from './staff-layout.tsx';
import type { Route } from './+types/overview';

export const meta: Route.MetaFunction = () => [{ title: 'Overview · tradein back office' }];

export default function Overview() {
  const { staff } = useStaffSession();
  return (
    <>
      <h1>
        <Trans>Overview</Trans>
      </h1>
      <p>
        <Trans>Signed in as {staff.email}.</Trans>
      </p>
    </>
  );
}
