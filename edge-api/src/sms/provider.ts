/**
 * What the SMS sender (sms/sender.ts) needs of a gateway: send one text to one number. The
 * number is given as the gateways of Bangladesh want it, 8801XXXXXXXXX (no plus).
 */
export type SmsOutcome =
  | { ok: true; reference?: string }
  /** `retry`: a passing failure (network, the gateway's own error) worth another try. */
  | { ok: false; retry: boolean; reason: string };

export interface SmsProvider {
  /** 'bulksmsbd', 'outbox' (the demo's): recorded with each message. */
  readonly name: string;
  send(number: string, text: string): Promise<SmsOutcome>;
}
