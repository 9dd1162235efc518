/**
 * The signed-in area: the guard (a session is needed, else /login remembering the way back),
 * the role's sidebar, and the screen. When the session ends while inside (the refresh
 * failed), it leaves for /login once; a 403 for one action never ends a session (lib/http.ts),
 * so screens show that action's error instead. Ending a session this way clears nothing
 * local: queued offline work stays for when the user signs in again.
 */
import { BrandMark } from '../../components/brand-mark.tsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LoadingState } from '../../components/states.tsx';
import { longToastMs, showToast, ToastViewport } from '../../components/toast.tsx';
import { confirmSignOut } from '../../lib/outbox-sign-out.ts';
import { useSession } from '../../lib/use-session.ts';
import { menuFor } from './dashboard-areas.ts';
import { loginRedirectState } from './login-redirect.ts';
import './dashboard.css';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { t } from '../../lib/i18n/runtime.ts';
import { shownEmail } from '../../lib/shown-email.ts';
import { roleLabel } from '../../components/role-label.ts';

interface DashboardLayoutProps {
  /** Connection and sync status, composed in by the app (features do not import the app's layouts). */
  status?: ReactNode;
  /** An offer shown above the screen's content, in the flow of the page so it covers nothing. */
  notice?: ReactNode;
}

export function DashboardLayout({ status, notice }: DashboardLayoutProps) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (session.status === 'loading') {
    return (
      <div className="dashboard-loading">
        <LoadingState>{t('dashboard.loading')}</LoadingState>
      </div>
    );
  }
  if (session.status === 'signed-out' || !session.user) {
    // A chosen sign-out goes to /login plainly; a lost session remembers where the user was.
    if (leaving) return <Navigate to="/login" replace />;
    return <ToLogin state={loginRedirectState(location)} />;
  }

  const user = session.user;
  const groups = menuFor(user.role);
  const closeMenu = () => setMenuOpen(false);

  async function signOutNow() {
    setLeaving(true);
    // Warns first when changes made offline have not been sent (they would be lost).
    if (!(await confirmSignOut())) {
      setLeaving(false);
      return;
    }
    navigate('/login', { replace: true });
  }

  return (
    <div className="dashboard">
      <a className="skip-link" href="#dashboard-main">{t('layout.skip')}</a>
      <header className="dashboard__bar">
        <Link to="/" className="brand" aria-label={t('brand.home')}>
          <BrandMark />
          <span>{t('brand.short')}</span>
        </Link>
        <div className="dashboard__status">{status}</div>
        <LanguageSwitch />
        <button
          type="button"
          className="button button--secondary button--small dashboard__menu-button"
          aria-expanded={menuOpen}
          aria-controls="dashboard-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('layout.menu')}
        </button>
      </header>
      <div className="dashboard__body">
        <nav id="dashboard-sidebar" aria-label={t('dashboard.nav')} className={`dashboard__sidebar${menuOpen ? ' is-open' : ''}`}>
          <p className="dashboard__user">
            <span className="dashboard__user-name">{user.name || shownEmail(user.email)}</span>
            <span className="badge badge--info">{roleLabel(user.role)}</span>
          </p>
          {groups.map((group) => (
            <div key={group.label} className="dashboard__group">
              <p className="dashboard__group-label" id={`menu-${group.label}`}>{t(group.label)}</p>
              <ul aria-labelledby={`menu-${group.label}`}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} onClick={closeMenu}>{t(link.label)}</NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <button type="button" className="button button--secondary button--small dashboard__sign-out" onClick={() => void signOutNow()}>
            {t('dashboard.signOut')}
          </button>
        </nav>
        <main id="dashboard-main" className="dashboard__main" tabIndex={-1}>
          {notice}
          <Outlet />
        </main>
      </div>
      <ToastViewport />
    </div>
  );
}

/** Sends a visitor (or a user whose session ended) to /login once, saying why (spec section 8). */
function ToLogin({ state }: { state: ReturnType<typeof loginRedirectState> }) {
  // As long as an error: it explains a move the person did not ask for, and on a slow phone the
  // sign-in page may take a second or more to appear beneath it.
  useEffect(() => showToast('info', t('dashboard.loginFirst'), undefined, longToastMs), []);
  // Once, with where the person was. The router keeps this screen until the sign-in page's code
  // has come, and a redraw meanwhile (a pull restarting for a visitor) gave <Navigate> a new state
  // and, at the new address, a new navigate: it moved again, from /login to /login.
  const navigate = useNavigate();
  const [from] = useState(state);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) return;
    moved.current = true;
    navigate('/login', { replace: true, state: from });
  }, [navigate, from]);
  return null;
}
