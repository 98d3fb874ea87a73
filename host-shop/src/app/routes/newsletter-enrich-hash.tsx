import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  apiErrorCode,
  newsletterConfirmEndpoint,
  newsletterEnrichEndpoint,
  type NewsletterSubscription,
} from '@tradein/contract';
import { apiHttpStatus } from '@tradein/client-core';
import { buildPath } from '@tradein/editions';
import { data, Form, Link, useNavigation } from 'react-router';
import { readForm } from '../form-data.server.ts';
import {
  EnrichForm,
  type EnrichErrors,
  type EnrichValues,
  type NewsletterInterest,
} from '../newsletter/enrich-form.tsx';
import {
  enrichRequestOf,
  enrichValuesOf,
  newsletterInterests,
  readEnrichForm,
} from '../newsletter/enrich-form.server.ts';
import { LinkProblem, type LinkProblemKind } from '../newsletter/link-problem.tsx';
import {
  apiErrorCodeOf,
  emailHashOf,
  newsletterPaths,
  newsletterScreenOf,
  newsletterSeo,
  readSubscription,
  type NewsletterPaths,
} from '../newsletter/newsletter-screen.server.ts';
import type { Screen } from '../screen.server.ts';
import { pageMeta, type PageSeo } from '../seo.ts';
import type { Route } from './+types/newsletter-enrich-hash';

const screenName = 'newsletterEnrichHash';

/** What the page shows: a problem with the link, the confirm button, or the enrich form. */
type EnrichView =
  | { kind: 'problem'; problem: LinkProblemKind }
  | { kind: 'confirm'; token: string }
  | {
      kind: 'enrich';
      values: EnrichValues;
      errors?: EnrichErrors;
      /** The notice above the form: just confirmed, confirmed earlier, or details saved. */
      notice?: 'confirmed' | 'alreadyConfirmed' | 'saved';
    };

interface LoaderData {
  seo: PageSeo;
  view: EnrichView;
  paths: NewsletterPaths & { unsubscribe: string | null };
  interests: readonly NewsletterInterest[];
}

const problem = (kind: LinkProblemKind, status: number) =>
  data<EnrichView>({ kind: 'problem', problem: kind }, { status });

/** The page of a known subscription whose state, not the link, decides what comes next. */
function viewOfState(subscription: NewsletterSubscription, linkHadToken: boolean): EnrichView {
  if (subscription.status === 'active') {
    return {
      kind: 'enrich',
      values: enrichValuesOf(subscription),
      ...(linkHadToken ? { notice: 'alreadyConfirmed' as const } : {}),
    };
  }
  return {
    kind: 'problem',
    problem: subscription.status === 'unsubscribed' ? 'ended' : 'notConfirmed',
  };
}

/** The confirmation token of a link or form, or undefined when it cannot be one. */
function confirmTokenOf(emailHash: string, token: unknown): string | undefined {
  const parsed = newsletterConfirmEndpoint.body.safeParse({ emailHash, token });
  return parsed.success ? parsed.data.token : undefined;
}

/**
 * The page opened from a link: with `?token=` (the opt-in mail) a pending subscription gets the
 * confirm button (opening the link changes nothing: mail programs open links to check them);
 * without it (a link in a newsletter) an active one gets its enrich form. A hash or token that
 * cannot name a subscription is the 404 page of the link, never an error.
 */
async function pageView(screen: Screen, query: URLSearchParams) {
  const emailHash = emailHashOf(screen);
  if (emailHash === undefined) return problem('unknown', 404);
  const subscription = await readSubscription(screen.request.visitorApi(), emailHash);
  if (subscription === 'unknown') return problem('unknown', 404);
  const linkHadToken = query.has('token');
  if (subscription.status === 'pending' && linkHadToken) {
    const token = confirmTokenOf(emailHash, query.get('token'));
    if (token === undefined) return problem('invalidToken', 404);
    return data<EnrichView>({ kind: 'confirm', token });
  }
  return data<EnrichView>(viewOfState(subscription, linkHadToken));
}

export async function loader(args: Route.LoaderArgs) {
  const screen = newsletterScreenOf(args, screenName);
  const { request, i18n } = screen;
  const view = await pageView(screen, new URL(args.request.url).searchParams);
  const emailHash = emailHashOf(screen);
  return data<LoaderData>(
    {
      seo: newsletterSeo(screen, {
        title: i18n._(msg`Your newsletter`),
        description: i18n._(
          msg`Confirm your newsletter subscription and choose what you would like to read about.`,
        ),
      }),
      view: view.data,
      paths: {
        ...newsletterPaths(request.site.edition),
        unsubscribe:
          emailHash === undefined
            ? null
            : buildPath(request.site.edition, 'newsletterUnsubscribe', { emailHash }),
      },
      interests: newsletterInterests,
    },
    view.init ?? undefined,
  );
}

/** Confirms the opt-in with the link's token (the button's post). */
async function confirm(screen: Screen, emailHash: string, form: FormData) {
  const token = confirmTokenOf(emailHash, form.get('token'));
  if (token === undefined) return problem('invalidToken', 400);
  const api = screen.request.visitorApi();
  try {
    const subscription = await api.call(newsletterConfirmEndpoint, {
      body: { emailHash, token },
    });
    return data<EnrichView>({
      kind: 'enrich',
      values: enrichValuesOf(subscription),
      notice: 'confirmed',
    });
  } catch (error) {
    const code = apiErrorCodeOf(error);
    if (code === apiErrorCode.tokenExpired) return problem('expired', 400);
    if (code !== apiErrorCode.invalidToken) throw error;
  }
  // A used token: a second click (or a second tab) confirmed already, which is what the
  // subscriber wanted; otherwise the link is dead.
  const subscription = await readSubscription(api, emailHash);
  if (subscription === 'unknown') return problem('unknown', 404);
  if (subscription.status === 'active') return data<EnrichView>(viewOfState(subscription, true));
  return problem(subscription.status === 'unsubscribed' ? 'ended' : 'invalidToken', 400);
}

/** Saves first name, salutation and topics of an active subscription. */
async function enrich(screen: Screen, emailHash: string, form: FormData) {
  const posted = readEnrichForm(form);
  const checked = enrichRequestOf(emailHash, posted);
  if ('errors' in checked) {
    return data<EnrichView>(
      { kind: 'enrich', values: posted.values, errors: checked.errors },
      { status: 400 },
    );
  }
  const api = screen.request.visitorApi();
  try {
    const subscription = await api.call(newsletterEnrichEndpoint, { body: checked.body });
    return data<EnrichView>({
      kind: 'enrich',
      values: enrichValuesOf(subscription),
      notice: 'saved',
    });
  } catch (error) {
    const status = apiHttpStatus(error);
    if (status === 404) return problem('unknown', 404);
    if (status !== 409) throw error;
  }
  // Not active (anymore): ended in the meantime, or never confirmed.
  const subscription = await readSubscription(api, emailHash);
  if (subscription === 'unknown') return problem('unknown', 404);
  return data<EnrichView>(viewOfState(subscription, false), { status: 409 });
}

/** The confirm button and the enrich form post here (`intent` tells them apart). */
export async function action(args: Route.ActionArgs) {
  const screen = newsletterScreenOf(args, screenName);
  const emailHash = emailHashOf(screen);
  if (emailHash === undefined) return problem('unknown', 404);
  const form = await readForm(args.request);
  return form.get('intent') === 'enrich'
    ? enrich(screen, emailHash, form)
    : confirm(screen, emailHash, form);
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.seo);

function EnrichNotice({ notice }: { notice: 'confirmed' | 'alreadyConfirmed' | 'saved' }) {
  return (
    <output className="notice notice--success" data-notice={notice}>
      {notice === 'confirmed' ? (
        <Trans>Thank you: your subscription is confirmed. Our next newsletter is yours.</Trans>
      ) : notice === 'alreadyConfirmed' ? (
        <Trans>Your subscription is confirmed already. You receive our newsletter.</Trans>
      ) : (
        <Trans>Thank you: your details are saved.</Trans>
      )}
    </output>
  );
}

export default function NewsletterEnrichHash({ loaderData, actionData }: Route.ComponentProps) {
  const { paths, interests } = loaderData;
  const view = actionData ?? loaderData.view;
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Your newsletter</Trans>
    </h1>
  );
  if (view.kind === 'problem') {
    return <LinkProblem heading={heading} kind={view.problem} contactPath={paths.contact} />;
  }
  if (view.kind === 'confirm') {
    return (
      <main id="main" className="page newsletter-page">
        {heading}
        <p className="lead">
          <Trans>
            Please confirm that you want to receive our newsletter: price news and tips for selling,
            at most twice a month. You can unsubscribe at any time.
          </Trans>
        </p>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={view.token} />
          <button type="submit" className="button" disabled={sending}>
            <Trans>Confirm my subscription</Trans>
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main id="main" className="page newsletter-page">
      {heading}
      {view.notice === undefined ? null : <EnrichNotice notice={view.notice} />}
      <h2>
        <Trans>Tell us about yourself</Trans>
      </h2>
      <p>
        <Trans>
          All of it is optional: with your first name we greet you personally, with your topics we
          send you what interests you.
        </Trans>
      </p>
      <EnrichForm interests={interests} values={view.values} errors={view.errors} />
      {paths.unsubscribe === null ? null : (
        <p>
          <Link to={paths.unsubscribe}>
            <Trans>No longer interested? Unsubscribe from the newsletter</Trans>
          </Link>
        </p>
      )}
    </main>
  );
}
