/**
 * Asking the server to send a one-time code, and what the page knows of the code sent: when
 * (it works 5 minutes) and its wrong tries (5 spend it), for code-refusals.ts. After a code is
 * sent a new one waits a little (an SMS can take a while; the server limits them too), and a
 * 429 waits as long as the server said. The countdown ticks once a second while there is one.
 */
import { useEffect, useState } from 'react';
import { refusalText, retryAfterOf, type CodeTries } from './code-refusals.ts';

const resendPauseMs = 30_000;

export function useCodeSending(send: (phone: string) => Promise<void>) {
  const [sending, setSending] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [tries, setTries] = useState<CodeTries>({ sentAt: 0, wrong: 0 });

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
      const sentAt = Date.now();
      setTries({ sentAt, wrong: 0 });
      setWaitUntil(sentAt + resendPauseMs);
      setNow(sentAt);
      return null;
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== null) {
        setWaitUntil(Date.now() + wait * 1000);
        setNow(Date.now());
      }
      return refusalText(error);
    } finally {
      setSending(false);
    }
  }

  /** Counts a wrong try of the code sent; the tries as they now stand. */
  function noteWrongTry(): CodeTries {
    const next = { ...tries, wrong: tries.wrong + 1 };
    setTries(next);
    return next;
  }

  const secondsToWait = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  return { sending, sendCode, secondsToWait, noteWrongTry };
}
