/**
 * The one set-up of an API test file: `useApi` starts a fresh API on the runtime named by
 * API_TARGET (Node over SQLite, or the Worker bundle on Miniflare over D1) before the file's (or
 * the describe block's) tests, signs in the principals it is asked for, and stops the API after.
 *
 *   const { api, admin, agent, customer } = useApi({ admin: 'admin', agent: 'agent', customer: 'user' });
 *   const { api, owner } = useApi({ owner: 'user' }, { env: () => stripe.env });
 *
 * The handles it returns can be taken at once, at the top of the file: `api` forwards to the API
 * once it is started, and each principal is filled in before the first test runs.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../src/db/schema.ts';
import { startApi, type ApiTarget } from './target.ts';
import { createTestUser, type TestUser } from './users.ts';

/** A principal to sign in: its role alone, or its role with the email or name a test relies on. */
export type Principal = Role | { role: Role; email?: string; name?: string };

export interface UseApiOptions {
  /** Settings for the API, or a function giving them when it starts (after earlier hooks, e.g. a stand-in's URL). */
  env?: Record<string, string> | (() => Record<string, string>);
}

export type TestApp<P extends Record<string, Principal>> = { api: ApiTarget } & { [K in keyof P]: TestUser };

export function useApi<P extends Record<string, Principal> = Record<never, Principal>>(
  principals: P = {} as P,
  options: UseApiOptions = {},
): TestApp<P> {
  const api = useStarted(
    () => startApi(typeof options.env === 'function' ? options.env() : options.env),
    (started) => started.stop(),
  );
  const users = Object.fromEntries(Object.keys(principals).map((name) => [name, {} as TestUser])) as { [K in keyof P]: TestUser };
  beforeAll(async () => {
    for (const [name, principal] of Object.entries(principals)) {
      const { role, ...overrides } = typeof principal === 'string' ? { role: principal } : principal;
      Object.assign(users[name as keyof P], await createTestUser(api, role, overrides));
    }
  });
  return { api, ...users };
}

/**
 * Something a test file needs running around its tests (an API, a stand-in of Stripe, an OpenID
 * issuer): started before them, stopped after them (after hooks run in reverse order, so what is
 * started first is stopped last). The handle forwards to it once it is started.
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
    started = undefined;
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`not started yet (reading ${String(key)}): use it inside a test or a hook`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
