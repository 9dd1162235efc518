/**
 * Turning push notifications on for this device: a switch in Profile, and an offer the
 * dashboard shows after a person applies or is assigned a claim (issue 28). The browser's
 * permission question comes only from the person's own click here, never on load. Shared UI
 * because several features offer it (decision 0072).
 */
import { useEffect, useState } from 'react';
import { t } from '../lib/i18n/runtime.ts';
import { pushState, pushSupported, turnOffPush, turnOnPush, type PushState, type TurnOnOutcome } from '../lib/web-push.ts';
import { showToast } from './toast.tsx';
import './notification-permission.css';

/** Every word shown here, through the translation runtime (ids `notice.*`), read when shown. */
const texts = {
  get title() {
    return t('notice.title');
  },
  get offerLabel() {
    return t('notice.offerLabel');
  },
  get toggle() {
    return t('notice.toggle');
  },
  get unsupported() {
    return t('notice.unsupported');
  },
  get blocked() {
    return t('notice.blocked');
  },
  get unavailable() {
    return t('notice.unavailable');
  },
  get refused() {
    return t('notice.refused');
  },
  get failed() {
    return t('notice.failed');
  },
  get offer() {
    return t('notice.offer');
  },
  get turnOn() {
    return t('notice.turnOn');
  },
  get notNow() {
    return t('notice.notNow');
  },
};

const offerEvent = 'offer-notifications';
const offerKey = 'offer-notifications';
/** "Not now" is remembered on the device: the offer does not come back (Profile still has the switch). */
const declinedKey = 'notifications-offer-declined';

const offerable = () => pushSupported() && Notification.permission === 'default' && localStorage.getItem(declinedKey) !== '1';

/** After an application is sent, or when a claim is assigned: the dashboard offers notifications. */
export function offerNotificationsNext(): void {
  if (!offerable()) return;
  sessionStorage.setItem(offerKey, '1');
  window.dispatchEvent(new Event(offerEvent));
}

async function switchPush(on: boolean): Promise<TurnOnOutcome> {
  try {
    if (on) return await turnOnPush();
    await turnOffPush();
    return 'off';
  } catch (error) {
    console.error('Changing notifications failed', error);
    showToast('error', texts.title, texts.failed, 5000);
    return pushState();
  }
}

function explain(state: TurnOnOutcome) {
  if (state === 'denied') showToast('info', texts.title, texts.blocked, 6000);
  if (state === 'unavailable') showToast('info', texts.title, texts.unavailable, 6000);
  if (state === 'refused') showToast('info', texts.title, texts.refused, 8000);
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
    setState(next === 'unavailable' || next === 'refused' ? 'off' : next);
    setBusy(false);
  };
  return (
    <div className="panel notification-toggle">
      <label>
        <input type="checkbox" checked={state === 'on'} disabled={busy || state === 'unsupported' || state === 'denied'} onChange={(event) => void change(event.target.checked)} />
        {texts.toggle}
      </label>
      {state === 'unsupported' && <p className="muted">{texts.unsupported}</p>}
      {state === 'denied' && <p className="muted">{texts.blocked}</p>}
    </div>
  );
}

const offerWaiting = () => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(offerKey) === '1' && offerable();

/** The offer: shown until the person answers or dismisses it. */
export function NotificationOffer() {
  const [shown, setShown] = useState(offerWaiting);
  useEffect(() => {
    const show = () => setShown(offerWaiting());
    window.addEventListener(offerEvent, show);
    return () => window.removeEventListener(offerEvent, show);
  }, []);
  if (!shown) return null;
  const close = (declined: boolean) => {
    sessionStorage.removeItem(offerKey);
    if (declined) localStorage.setItem(declinedKey, '1');
    setShown(false);
  };
  return (
    <div className="panel notification-offer" role="region" aria-label={texts.offerLabel}>
      <p>{texts.offer}</p>
      <div className="notification-offer__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            close(false);
            void switchPush(true).then(explain);
          }}
        >
          {texts.turnOn}
        </button>
        <button type="button" className="button button--secondary" onClick={() => close(true)}>
          {texts.notNow}
        </button>
      </div>
    </div>
  );
}
