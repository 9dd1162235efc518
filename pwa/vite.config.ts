import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on the same origin in production (Node serves both); in `vite dev` the
// API paths are proxied to the Node server.
const apiPrefixes = [
  '/policies', '/agents', '/blogs', '/faqs', '/subscribe', '/client-config', '/images', '/auth', '/users',
  '/make-admin', '/uploads', '/applications', '/admin-stats', '/audit', '/payments', '/create-payment-intent',
  '/webhooks', '/sync',
];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (read by bench/bundle.ts).
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [
        prefix,
        {
          target: 'http://127.0.0.1:8787',
          // Browser navigations stay with vite (the SPA); API calls go to the server.
          bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
            String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
});
