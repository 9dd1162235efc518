/** The public client settings (GET /client-config), read once per page load. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export interface ClientConfig {
  googleClientId: string | null;
  googleConfigured: boolean;
  /** Issue 50: whether codes can go by SMS (a gateway, or the demo's outbox). */
  phoneSignIn: boolean;
  /** Issue 50: whether reset links can go by email. */
  emailReset: boolean;
}

let pending: Promise<ClientConfig> | null = null;

export function loadClientConfig(): Promise<ClientConfig> {
  pending ??= api['client-config']
    .$get()
    .then((res) => answerOf(res))
    .catch((error: unknown) => {
      pending = null; // ask again next time (offline now, online later)
      throw error;
    });
  return pending;
}
