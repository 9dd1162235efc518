import type { RouteObject } from 'react-router-dom';

/** /login and /register. */
export const authRoutes: RouteObject[] = [];
