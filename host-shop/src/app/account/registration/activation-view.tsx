import { Trans } from '@lingui/react/macro';
import { Link, useNavigate, useNavigation } from 'react-router';
import { LinkConfirmation } from '../../components/link-confirmation.tsx';
import { RefusedLink } from '../../components/refused-link.tsx';
import type { AccountPaths } from '../account-paths.server.ts';
import { LoginForm } from '../login-form.tsx';
import { useHydrated } from '../use-hydrated.ts';
import type { RegisterResult } from './registration-result.ts';
import { ResendActivation, ResentPage } from './resend-activation.tsx';

/**
 * The page behind an activation link: the button that activates (opening the link changes
 * nothing, since mail programs open links to check them), then the login; a link that cannot be
 * used says so and offers a new one.
 */
export function ActivationView({
  token,
  paths,
  actionData,
}: {
  /** The link's token, null when the link cannot hold one. */
  token: string | null;
  paths: AccountPaths;
  actionData: RegisterResult | undefined;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Activate your account</Trans>
    </h1>
  );
  if (actionData?.kind === 'activation' && actionData.activated) {
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            Your customer account is active. The trades you sold with it are kept there. Log in to
            see them.
          </Trans>
        </output>
        {hydrated ? (
          <LoginForm
            registerPath={paths.register}
            forgotPath={paths.passwordForgot}
            onLoggedIn={() => void navigate(paths.overview)}
          />
        ) : (
          <p>
            <Link className="button" to={paths.overview}>
              <Trans>Log in</Trans>
            </Link>
          </p>
        )}
      </main>
    );
  }
  if (actionData?.kind === 'resent' || actionData?.kind === 'resendRefused') {
    return <ResentPage heading={heading} result={actionData} />;
  }
  if ((actionData?.kind === 'activation' && !actionData.activated) || token === null) {
    return (
      <RefusedLink heading={heading} contactPath={paths.contact} after={<ResendActivation />}>
        <Trans>
          This activation link is invalid or has been used already. If your account is active, log
          in. If not, ask for a new link below.
        </Trans>
      </RefusedLink>
    );
  }
  return (
    <LinkConfirmation
      heading={heading}
      token={token}
      sending={sending}
      lead={<Trans>Activate your customer account to log in and follow your trades.</Trans>}
    >
      <Trans>Activate my account</Trans>
    </LinkConfirmation>
  );
}
