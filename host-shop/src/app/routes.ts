import type { RouteConfig } from '@react-router/dev/routes';
import { shopRoutes } from './route-config.ts';

/** Generated from the editions' route tables (route-config.ts). */
export default shopRoutes() satisfies RouteConfig;
