/**
 * Where the API lives: everything under this path is data (JSON, images), everything else
 * is a page of the PWA. Read by the Node server, the service worker, the PWA's API client and
 * the Vite dev proxy; wrangler.toml's `run_worker_first` repeats it (checked by a test).
 */
export const apiPrefix = '/api';

/** Whether a URL path belongs to the API rather than to the app's pages and files. */
export const isApiPath = (path: string) => path === apiPrefix || path.startsWith(`${apiPrefix}/`);
