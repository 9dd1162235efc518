import { lazy, Suspense, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageOffer } from '../../components/language-offer.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ToastViewport } from '../../components/toast.tsx';
import { localDigits } from '../../lib/i18n/format.ts';
import { t, type MessageId } from '../../lib/i18n/runtime.ts';
import { useSession } from '../../lib/use-session.ts';
import { HeaderStatus } from './header-status.tsx';

// Signed in, the inbox's bell shows on public pages too (issue 28); its code loads after the page.
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

const links: { to: string; label: MessageId; end?: boolean }[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/all-policies', label: 'nav.allPolicies' },
  { to: '/blogs', label: 'nav.blogs' },
  { to: '/requestAgent', label: 'nav.beAgent' },
  { to: '/about', label: 'nav.about' },
];

export function PublicLayout() {
  const session = useSession();
  const location = useLocation();
  // Login returns to the page it was opened from (spec section 2), never to itself.
  const onAuthPage = ['/login', '/register', '/forgot-password', '/reset-password'].includes(location.pathname);
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
      <a className="skip-link" href="#main">{t('layout.skip')}</a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand" aria-label={t('brand.home')}>
            <BrandMark />
            <span>{t('brand.short')}</span>
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
            {t('layout.menu')}
          </button>
          <LanguageSwitch />
          <nav id="site-nav" aria-label={t('layout.navMain')} className={`site-nav${menuOpen ? ' is-open' : ''}`} onKeyDown={closeOnEscape} onClick={closeOnLink}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>{t(link.label)}</NavLink>
                </li>
              ))}
              {session.status === 'signed-in' ? (
                <li><NavLink to="/dashboard">{t('nav.dashboard')}</NavLink></li>
              ) : (
                <li><NavLink to="/login" state={loginState}>{t('nav.login')}</NavLink></li>
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
      <LanguageOffer />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div>
            <p className="site-footer__brand">{t('brand.name')}</p>
            <address>{t('footer.address')}</address>
          </div>
          <nav aria-label={t('layout.navCompany')}>
            <ul>
              <li><Link to="/about">{t('nav.about')}</Link></li>
              <li><Link to="/contact">{t('nav.contact')}</Link></li>
            </ul>
          </nav>
          <nav aria-label={t('layout.navSocial')}>
            <ul>
              <li><a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank">Facebook</a></li>
              <li><a href="https://x.com/" rel="noopener noreferrer" target="_blank">X</a></li>
              <li><a href="https://www.linkedin.com/" rel="noopener noreferrer" target="_blank">LinkedIn</a></li>
            </ul>
          </nav>
        </div>
        <p className="container site-footer__legal">{t('footer.legal', { year: localDigits(String(new Date().getFullYear())) })}</p>
      </footer>
      <ToastViewport />
    </div>
  );
}
