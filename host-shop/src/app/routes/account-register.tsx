import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { activateRegistrationEndpoint } from '@tradein/contract';
import { buildPath } from '@tradein/editions';
import {
  data,
  Form,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { readForm } from '../form-data.server.ts';
import { screenOf } from '../screen.server.ts';
import { RefusedLink } from '../components/refused-link.tsx';
import { ComingSoonPage } from '../components/coming-soon-page.tsx';
import { pageMeta, pageSeo } from '../seo.ts';

type ActivationResult = { activated: boolean };

/** The token of an activation link, or undefined when the value cannot be one. */
function activationToken(value: unknown): string | undefined {
  const parsed = activateRegistrationEndpoint.headers?.safeParse({ token: value });
  return parsed?.success === true ? parsed.data.token : undefined;
}

/**
 * `/account/register`: with `?token=` the page behind the activation link of a new account. Opening
 * it changes nothing (mail programs open links to check them); the customer activates with the
 * button, a plain form post. The registration form itself follows with the account pages.
 */
export function loader(args: LoaderFunctionArgs) {
  const { request, i18n } = screenOf(args, ['accountRegister']);
  const query = new URL(args.request.url).searchParams;
  return {
    seo: pageSeo(request, {
      route: 'accountRegister',
      title: i18n._(msg`Activate your account`),
      description: i18n._(msg`Activate your customer account with the link from your e-mail.`),
      noIndex: true,
    }),
    hasLink: query.has('token'),
    token: activationToken(query.get('token')) ?? null,
    contactPath: buildPath(request.site.edition, 'contact'),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { request } = screenOf(args, ['accountRegister']);
  const token = activationToken((await readForm(args.request)).get('token'));
  if (token === undefined) return data<ActivationResult>({ activated: false }, { status: 400 });
  const answer = await request
    .visitorApi()
    .call(activateRegistrationEndpoint, { body: {}, headers: { token } });
  return data<ActivationResult>(
    { activated: answer.activated },
    { status: answer.activated ? 200 : 400 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountRegister({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: ActivationResult | undefined;
}) {
  const { hasLink, token, contactPath } = loaderData;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Activate your account</Trans>
    </h1>
  );
  if (actionData?.activated === true) {
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            Your customer account is active. The trades you sold with it are kept there.
          </Trans>
        </output>
      </main>
    );
  }
  if (actionData?.activated === false || (hasLink && token === null)) {
    return (
      <RefusedLink heading={heading} contactPath={contactPath}>
        <Trans>
          This activation link is invalid or has been used already. If your account is not active
          yet, our service team sends you a new link.
        </Trans>
      </RefusedLink>
    );
  }
  // The registration form itself comes with the account pages.
  if (token === null) return <ComingSoonPage area="account" contactPath={contactPath} />;
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">
        <Trans>Activate your customer account to log in and follow your trades.</Trans>
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button" disabled={sending}>
          <Trans>Activate my account</Trans>
        </button>
      </Form>
    </main>
  );
}
