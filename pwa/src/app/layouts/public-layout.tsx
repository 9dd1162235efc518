import { lazy, Suspense, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ToastViewport } from '../../components/toast.tsx';
import { useSession } from '../../lib/use-session.ts';
import { HeaderStatus } from './header-status.tsx';

// Signed in, the inbox's bell shows on public pages too (issue 28); its code loads after the page.
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/all-policies', label: 'All Policies' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/requestAgent', label: 'Be an Agent' },
  { to: '/about', label: 'About' },
];

export function PublicLayout() {
  const session = useSession();
  const location = useLocation();
  // Login returns to the page it was opened from (spec section 2), never to itself.
  const onAuthPage = location.pathname === '/login' || location.pathname === '/register';
  const loginState = onAuthPage ? location.state : { from: { pathname: location.pathname, search: location.search, state: location.state } };
  // Below 900 px the links fold behind a Menu button (public-layout.css); wider, it is hidden.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // Following a link closes the menu (the page under it changes).
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };
  return (
    <div className="page">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label="LifeSure Insurance, home">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            <span>LifeSure</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="button button--secondary button--small site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={closeOnEscape}
          >
            Menu
          </button>
          <nav id="site-nav" aria-label="Main" className={`site-nav${menuOpen ? ' is-open' : ''}`} onKeyDown={closeOnEscape} onClick={closeOnLink}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>{link.label}</NavLink>
                </li>
              ))}
              {session.status === 'signed-in' ? (
                <li><NavLink to="/dashboard">Dashboard</NavLink></li>
              ) : (
                <li><NavLink to="/login" state={loginState}>Login</NavLink></li>
              )}
            </ul>
          </nav>
          {session.status === 'signed-in' && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <HeaderStatus />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div>
            <p className="site-footer__brand">LifeSure Insurance</p>
            <address>House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh</address>
          </div>
          <nav aria-label="Company">
            <ul>
              <li><Link to="/about">About</Link></li>
              <li><Link to="/contact">Contact</Link></li>
            </ul>
          </nav>
          <nav aria-label="Social">
            <ul>
              <li><a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">Facebook</a></li>
              <li><a href="https://x.com/" rel="noopener noreferrer" target="_blank">X</a></li>
              <li><a href="https://www.linkedin.com/" rel="noopener noreferrer" target="_blank">LinkedIn</a></li>
            </ul>
          </nav>
        </div>
        <p className="container site-footer__legal">© {new Date().getFullYear()} LifeSure Insurance</p>
      </footer>
      <ToastViewport />
    </div>
  );
}
