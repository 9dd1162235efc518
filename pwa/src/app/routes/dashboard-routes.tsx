import type { RouteObject } from 'react-router-dom';

/** /dashboard and its children; none of this code is in the public pages' first load. */
export const dashboardRoutes: RouteObject[] = [];
