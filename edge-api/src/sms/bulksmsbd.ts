/**
 * BulkSMSBD's HTTP API (bulksmsbd.net/api/smsapi): api_key, senderid, number (8801XXXXXXXXX),
 * message; it answers JSON whose `response_code` is 202 when the message was taken. Sent as a
 * form POST, so that the key travels in the body and not in an address a proxy may log. The
 * same code runs on Node and on the Worker: it only needs `fetch`.
 */
import type { SmsOutcome, SmsProvider } from './provider.ts';

export interface BulkSmsBdSettings {
  apiKey: string;
  senderId: string;
  apiUrl: string;
}

/** BulkSMSBD's codes that another try will not change (a wrong number, key, sender id or balance). */
const finalCodes = new Set([1001, 1002, 1003, 1006, 1007, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1031, 1032]);

export function bulkSmsBdProvider(settings: BulkSmsBdSettings, fetcher: typeof fetch = fetch): SmsProvider {
  return {
    name: 'bulksmsbd',
    async send(number, text): Promise<SmsOutcome> {
      const body = new URLSearchParams({ api_key: settings.apiKey, type: 'text', senderid: settings.senderId, number, message: text });
      let response: Response;
      try {
        response = await fetcher(settings.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        return { ok: false, retry: true, reason: `network: ${error instanceof Error ? error.name : 'error'}` };
      }
      if (response.status >= 500) return { ok: false, retry: true, reason: `http ${response.status}` };
      const answer = (await response.json().catch(() => null)) as { response_code?: number | string; message_id?: unknown; error_message?: string } | null;
      const code = Number(answer?.response_code);
      if (code === 202) return { ok: true, reference: answer?.message_id === undefined ? undefined : String(answer.message_id) };
      if (!Number.isFinite(code)) return { ok: false, retry: true, reason: `http ${response.status}, no response_code` };
      return { ok: false, retry: !finalCodes.has(code), reason: `response_code ${code}` };
    },
  };
}
