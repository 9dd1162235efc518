/**
 * "Sign in with Google" (decisions: OpenID Connect, verified by our server). Google's button
 * script (https://accounts.google.com/gsi/client) is loaded only when the server says Google
 * is configured; its ID token goes to signInWithGoogle. Without configuration the button is
 * shown disabled, saying so.
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useRequest } from '../../lib/use-request.ts';
import { loadClientConfig } from './client-config.ts';
import { t } from '../../lib/i18n/runtime.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const scriptUrl = 'https://accounts.google.com/gsi/client';
let scriptLoading: Promise<GoogleIdentity> | null = null;

function loadGoogleScript(): Promise<GoogleIdentity> {
  scriptLoading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google sign-in did not load')));
    script.onerror = () => {
      scriptLoading = null;
      script.remove();
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

interface GoogleSignInProps {
  /** Receives Google's ID token. */
  onCredential: (idToken: string) => void;
  text: 'signin_with' | 'signup_with';
}

export function GoogleSignIn({ onCredential, text }: GoogleSignInProps) {
  const config = useRequest(() => loadClientConfig(), []);
  const [scriptFailed, setScriptFailed] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const noteId = useId();
  const handleCredential = useEffectEvent((idToken: string) => onCredential(idToken));
  const clientId = config.status === 'ready' && config.data.googleConfigured ? config.data.googleClientId : null;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleScript().then(
      (google) => {
        if (cancelled || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) handleCredential(response.credential);
          },
        });
        google.accounts.id.renderButton(slot.current, { theme: 'outline', size: 'large', text, shape: 'rectangular', width: 280 });
      },
      () => {
        if (!cancelled) setScriptFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  if (clientId && !scriptFailed) {
    return <div className="google-sign-in" ref={slot} />;
  }

  const note =
    config.status === 'loading'
      ? null
      : config.status === 'error' || scriptFailed
        ? t('auth.googleUnavailable')
        : t('auth.googleNotConfigured');
  return (
    <div className="google-sign-in">
      <button type="button" className="button button--secondary google-sign-in__button" disabled aria-describedby={note ? noteId : undefined}>
        <span aria-hidden="true" className="google-sign-in__mark">G</span> {t('auth.googleContinue')}
      </button>
      {note && (
        <p id={noteId} className="google-sign-in__note">{note}</p>
      )}
    </div>
  );
}
