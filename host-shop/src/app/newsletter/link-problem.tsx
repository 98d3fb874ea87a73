import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { RefusedLink } from '../components/refused-link.tsx';
import { SubscribeForm } from './subscribe-form.tsx';

/**
 * Why a newsletter link cannot be used: no subscription has its hash (malformed, mistyped, an old
 * link), its confirmation token expired or was used or replaced, the subscription was ended, or
 * it waits for its confirmation.
 */
export type LinkProblemKind = 'unknown' | 'expired' | 'invalidToken' | 'ended' | 'notConfirmed';

function ProblemMessage({ kind }: { kind: LinkProblemKind }) {
  switch (kind) {
    case 'unknown':
      return (
        <Trans>
          We found no newsletter subscription for this link. It may be incomplete (copy the whole
          link from the e-mail) or come from an older newsletter. To receive our newsletter,
          subscribe below; if you get a newsletter you no longer want, write to us.
        </Trans>
      );
    case 'expired':
      return (
        <Trans>
          This confirmation link has expired: it was valid for 7 days. Subscribe again below and we
          send you a new one.
        </Trans>
      );
    case 'invalidToken':
      return (
        <Trans>
          This confirmation link is not valid or has been used already. If you subscribed more than
          once, use the link in the latest e-mail; otherwise subscribe again below.
        </Trans>
      );
    case 'ended':
      return (
        <Trans>
          This newsletter subscription has been ended, so the link no longer works. To receive our
          newsletter again, subscribe below.
        </Trans>
      );
    case 'notConfirmed':
      return (
        <Trans>
          Your subscription is not confirmed yet. Please open the link in the e-mail we sent you
          (also look in your spam folder). No e-mail? Subscribe again below for a new link.
        </Trans>
      );
  }
}

/**
 * The page of a newsletter link that cannot be used: what happened, and what to do (subscribe
 * again, or write to the service team). Never an error page: the visitor did nothing wrong.
 */
export function LinkProblem({
  heading,
  kind,
  contactPath,
}: {
  heading: ReactNode;
  kind: LinkProblemKind;
  contactPath: string;
}) {
  return (
    <RefusedLink
      heading={heading}
      contactPath={contactPath}
      after={<SubscribeForm heading={<Trans>Subscribe again</Trans>} />}
    >
      {/* The case stays readable in the HTML, for support and the tests. */}
      <span data-link-problem={kind}>
        <ProblemMessage kind={kind} />
      </span>
    </RefusedLink>
  );
}
