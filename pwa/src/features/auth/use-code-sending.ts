/**
 * Asking the server to send a one-time code, and when another may be asked for: after a code is
 * sent a new one waits a little (the server limits them too), and a 429 waits as long as the
 * server said (Retry-After). The countdown ticks once a second while there is one.
 */
import { useEffect, useState } from 'react';
import { codeRefusalText, retryAfterOf } from './code-refusals.ts';

/** A new code is offered this long after the last one was sent: an SMS can take a while. */
const resendPauseMs = 30_000;

export function useCodeSending(send: (phone: string) => Promise<void>) {
  const [sending, setSending] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (waitUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [waitUntil, now]);

  /** Sends a code to `phone`: null when it went, else the text saying why not. */
  async function sendCode(phone: string): Promise<string | null> {
    setSending(true);
    try {
      await send(phone);
      setWaitUntil(Date.now() + resendPauseMs);
      setNow(Date.now());
      return null;
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== null) {
        setWaitUntil(Date.now() + wait * 1000);
        setNow(Date.now());
      }
      return codeRefusalText(error);
    } finally {
      setSending(false);
    }
  }

  const secondsToWait = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  return { sending, sendCode, secondsToWait };
}
