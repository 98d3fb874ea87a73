import { staffSignOutEndpoint, staffSignOutEverywhereEndpoint } from '@tradein/contract';
import { redirect, redirectDocument } from 'react-router';
import { textOf } from '../forms.server.ts';
import { callOps, cookieHeaders } from '../ops-api.server.ts';
import type { Route } from './+types/sign-out';

/** Nothing to show: signing out is a form post. */
export function loader() {
  return redirect('/');
}

/** Ends this session, or with `everywhere` every session of the member; then the sign-in page. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const endpoint =
    textOf(form, 'everywhere') === '1' ? staffSignOutEverywhereEndpoint : staffSignOutEndpoint;
  const answer = await callOps(context, request, endpoint, { csrfToken: textOf(form, 'csrf') });
  // A new document: the next page may be in another language.
  return redirectDocument(answer.ok ? '/sign-in?signedOut=1' : '/sign-in', {
    headers: cookieHeaders(answer.setCookies, request),
  });
}
