import { Trans, useLingui } from '@lingui/react/macro';
import { Form, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import { CsrfField } from '../components/field.tsx';
import { staffNavigation } from '../navigation.ts';
import { requireStaffSession } from '../staff-session.server.ts';
import { hasRole, type StaffPageSession } from '../staff-session.ts';
import type { Route } from './+types/staff-layout';

/** Every staff screen needs a signed-in member; each screen checks its own roles. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireStaffSession(context, request);
}

/** The signed-in member and the CSRF token of the page's forms, in any staff screen. */
export function useStaffSession(): StaffPageSession {
  const session = useRouteLoaderData<StaffPageSession>('routes/staff-layout');
  if (session === undefined) throw new Error('the staff layout has not loaded');
  return session;
}

/** The frame of every staff screen: navigation by role, who is signed in, sign-out. */
export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { staff, csrfToken } = loaderData;
  const entries = staffNavigation.filter(
    (entry) => entry.roles.length === 0 || hasRole(staff, entry.roles),
  );
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="frame__header">
        <p className="frame__brand">
          <span aria-hidden="true" className="frame__mark" />
          <Trans>tradein back office</Trans>
        </p>
        <div className="frame__person">
          <NavLink to="/account">{staff.name ?? staff.email}</NavLink>
          <Form method="post" action="/sign-out">
            <CsrfField token={csrfToken} />
            <button type="submit" className="button button--quiet">
              <Trans>Sign out</Trans>
            </button>
          </Form>
        </div>
      </header>
      <nav className="frame__nav" aria-label={t`Back office`}>
        <ul>
          {entries.map((entry) => (
            <li key={entry.path}>
              <NavLink to={entry.path} end={entry.path === '/'}>
                {i18n._(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="frame__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
