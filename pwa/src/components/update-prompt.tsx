/**
 * Offers a new version of the app instead of forcing it. The service worker is registered
 * once the page is interactive (lib/page-settled.ts: its ~1 MB precache must not compete with
 * the first screen on a slow network); when a new build has installed and
 * waits, this shows 'A new version is available' with Reload. Nothing reloads until the user
 * presses it, so a half-filled form is never lost to an update. Until then the open tab keeps
 * running its own build from the old precache.
 */
import { registerSW } from 'virtual:pwa-register';
import { createStatusStore, useStatusStore } from '../lib/status-store.ts';
import './update-prompt.css';
import { t } from '../lib/i18n/runtime.ts';

const updateAvailable = createStatusStore(false);
let applyUpdate: (() => Promise<void>) | null = null;
let reloadRequested = false;
let registration: ServiceWorkerRegistration | undefined;
let lastUpdateCheck = 0;
const updateCheckEveryMs = 60 * 60 * 1000;

function checkForUpdate() {
  if (!registration || !navigator.onLine || registration.installing) return;
  lastUpdateCheck = Date.now();
  void registration.update().catch(() => undefined);
}

/** Registers the service worker at once; start.ts calls it once the page is interactive. */
export function registerAppUpdates() {
  if (!('serviceWorker' in navigator) || applyUpdate) return;
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => updateAvailable.set(true),
    // The new version took control: reload only if this tab asked for it. (Another tab may
    // have accepted the update; this one keeps its page and keeps offering Reload.)
    onNeedReload: () => {
      if (reloadRequested) window.location.reload();
      else updateAvailable.set(true);
    },
    // Without a worker the app still runs online; say why, for whoever looks at the console.
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
    onRegisteredSW: (_url, found) => {
      registration = found;
      // Long-lived tabs (an installed app stays open for days) look for a new build now and then.
      window.setInterval(() => {
        if (document.visibilityState === 'visible') checkForUpdate();
      }, updateCheckEveryMs);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && Date.now() - lastUpdateCheck > updateCheckEveryMs) checkForUpdate();
      });
    },
  });
}

/** How long Reload waits for the new worker to take over before reloading anyway. */
const takeOverWithinMs = 15_000;

async function reloadIntoNewVersion() {
  reloadRequested = true;
  const waiting = registration?.waiting;
  // When no new worker is waiting any more (another tab already switched), just reload.
  if (!waiting) {
    window.location.reload();
    return;
  }
  // Reload when the new worker has taken this tab, not after a fixed time: onNeedReload never
  // comes to a tab whose first visit installed the worker (workbox-window calls that take-over
  // no update), and the browser activates the new worker only once the old one has finished
  // the requests it is serving, seconds later on a busy phone. A reload before then is answered
  // by the old worker (with the new build's page from the server, the new worker still waiting),
  // and that page offers the update again: a button that did nothing.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.addEventListener('statechange', () => {
    // It will never take over (a newer build replaced it): reload into whatever is active.
    if (waiting.state === 'redundant') window.location.reload();
  });
  // Never leave the user waiting on a button that did nothing, even if the switch stalls.
  window.setTimeout(() => window.location.reload(), takeOverWithinMs);
  await applyUpdate?.();
}

export function UpdatePrompt() {
  const available = useStatusStore(updateAvailable);
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      {available && (
        <div className="update-prompt__box">
          <p>{t('update.available')}</p>
          <div className="update-prompt__actions">
            <button type="button" className="button button--small" onClick={() => void reloadIntoNewVersion()}>{t('update.reload')}</button>
            <button type="button" className="button button--secondary button--small" onClick={() => updateAvailable.set(false)}>{t('update.later')}</button>
          </div>
        </div>
      )}
    </div>
  );
}
