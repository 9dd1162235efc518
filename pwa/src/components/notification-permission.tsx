/**
 * Turning push notifications on for this device: a switch in Profile, and an offer after a
 * person applies (issue 28). The browser's permission question comes only from the person's
 * own click here, never on load. Shared UI because two features offer it (decision 0072).
 */
import { useEffect, useState } from 'react';
import { pushState, pushSupported, turnOffPush, turnOnPush, type PushState } from '../lib/web-push.ts';
import { showToast } from './toast.tsx';

const offerKey = 'offer-notifications';

/** Called after an application is sent: the dashboard then offers notifications, once. */
export function offerNotificationsNext(): void {
  if (pushSupported() && Notification.permission === 'default') sessionStorage.setItem(offerKey, '1');
}

async function switchPush(on: boolean): Promise<PushState | 'unavailable'> {
  try {
    if (on) return await turnOnPush();
    await turnOffPush();
    return 'off';
  } catch (error) {
    console.error('Changing notifications failed', error);
    showToast('error', 'Notifications', 'Notifications could not be changed. Please try again.', 5000);
    return pushState();
  }
}

function explain(state: PushState | 'unavailable') {
  if (state === 'denied') showToast('info', 'Notifications', 'Notifications are blocked for this site in your browser settings.', 6000);
  if (state === 'unavailable') showToast('info', 'Notifications', 'This server does not send push notifications. Your inbox still shows everything.', 6000);
}

export function NotificationToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  if (state === null) return null;
  const change = async (on: boolean) => {
    setBusy(true);
    const next = await switchPush(on);
    explain(next);
    setState(next === 'unavailable' ? 'off' : next);
    setBusy(false);
  };
  return (
    <div className="panel notification-toggle">
      <label>
        <input type="checkbox" checked={state === 'on'} disabled={busy || state === 'unsupported' || state === 'denied'} onChange={(event) => void change(event.target.checked)} />{' '}
        Push notifications on this device
      </label>
      {state === 'unsupported' && <p className="muted">This browser cannot receive push notifications. On an iPhone, add the app to the home screen first.</p>}
      {state === 'denied' && <p className="muted">Notifications are blocked for this site in your browser settings.</p>}
    </div>
  );
}

/** The offer after applying: shown once, until the person answers or dismisses it. */
export function NotificationOffer() {
  const [shown, setShown] = useState(() => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(offerKey) === '1');
  if (!shown) return null;
  const close = () => {
    sessionStorage.removeItem(offerKey);
    setShown(false);
  };
  return (
    <div className="panel notification-offer" role="region" aria-label="Notifications">
      <p>Get a notification when your application moves on?</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          close();
          void switchPush(true).then(explain);
        }}
      >
        Turn on notifications
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={close}>
        Not now
      </button>
    </div>
  );
}
