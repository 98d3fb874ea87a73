import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The back office's pages (docs/back-office.md, "Screens"). */
export default [
  route('sign-in', 'routes/sign-in.tsx'),
  route('invitation/:token', 'routes/invitation.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  layout('routes/staff-layout.tsx', [
    index('screens/overview/overview.tsx'),
    route('account', 'routes/account.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('payouts', 'screens/payouts/payouts.tsx'),
    route('payouts/batches', 'screens/payouts/payout-batches.tsx'),
    route('payouts/batches/:batchNumber', 'screens/payouts/payout-batch.tsx'),
    route('payouts/batches/:batchNumber/file', 'screens/payouts/payout-file.tsx'),
    route('trades', 'screens/trades/trades.tsx'),
    route('trades/:tradeNumber', 'screens/trades/trade.tsx'),
    route('trades/:tradeNumber/photos/:kind/:position/:photoId', 'screens/trades/trade-photo.ts'),
    route('receiving', 'screens/trades/receiving.tsx'),
    route('catalogue', 'screens/catalogue/catalogue-search.tsx'),
    route('catalogue/devices/:deviceId', 'screens/catalogue/catalogue-device.tsx'),
    route('catalogue/adjust', 'screens/catalogue/catalogue-adjust.tsx'),
    route('catalogue/prices', 'screens/catalogue/catalogue-prices.tsx'),
    route('catalogue/prices.csv', 'screens/catalogue/catalogue-prices-csv.ts'),
    route('catalogue/models', 'screens/catalogue/catalogue-models.tsx'),
    route('catalogue/factors', 'screens/catalogue/catalogue-factors.tsx'),
    route('trades/:tradeNumber/devices/:position', 'screens/inspection/inspection.tsx'),
    route(
      'trades/:tradeNumber/devices/:position/photos/:kind/:photoId',
      'screens/trades/trade-photo.ts',
      { id: 'device-photo' },
    ),
    route('clarifications', 'screens/clarifications/clarifications.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
