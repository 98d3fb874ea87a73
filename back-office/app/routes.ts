import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The back office's pages (docs/back-office.md, "Screens"). */
export default [
  route('sign-in', 'routes/sign-in.tsx'),
  route('invitation/:token', 'routes/invitation.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  layout('routes/staff-layout.tsx', [
    index('routes/overview.tsx'),
    route('account', 'routes/account.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('audit', 'routes/audit.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
