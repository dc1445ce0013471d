import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { isRole, ROLE_LABELS } from '@wh/contracts/auth/permissions';
import { NAVIGATION } from '@wh/contracts/auth/routes';
import { Button } from '../components/ui/button.tsx';
import { logout } from '../features/auth/api/auth-api.ts';
import { liveStatusAtom, useLiveUpdates } from '../lib/live-socket.ts';
import { clearSessionAtom, tokenAtom, type SessionUser } from '../lib/session.ts';
import { refreshCurrentUser } from '../lib/current-user.ts';
import { LIVE_KEYS } from './live-keys.ts';

const LIVE_TEXT = { live: 'Live updates on', connecting: 'Connecting...', offline: 'Offline, retrying' } as const;

export function AppLayout({ user }: { user: SessionUser }) {
  const token = useAtomValue(tokenAtom);
  const queryClient = useQueryClient();
  const clearSession = useSetAtom(clearSessionAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const liveStatus = useAtomValue(liveStatusAtom);
  const [menuOpen, setMenuOpen] = useState(false);

  useLiveUpdates({ token: token ?? '', userId: user.id, queryClient, liveKeys: LIVE_KEYS, onOwnUserChanged: refreshCurrentUser });

  // The mobile menu closes when the user goes somewhere.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onLogout = () => {
    // The call reads the token before it is cleared; the session ends here whatever the server says.
    logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate('/login', { replace: true });
  };

  const role = isRole(user.role) ? user.role : 'worker';
  const displayName = user.full_name?.trim() || user.username;

  return (
    <div className={`shell ${menuOpen ? 'shell-menu-open' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="hamburger"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <span className="topbar-title">Warehouse</span>
      </header>

      {menuOpen ? <div className="overlay" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}

      <aside id="sidebar" className="sidebar" aria-label="Sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            W
          </span>
          <span>Warehouse</span>
          <button type="button" className="sidebar-close" aria-label="Close menu" onClick={() => setMenuOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav className="sidebar-nav" aria-label="Main navigation">
          <ul>
            {NAVIGATION[role].map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={({ isActive }) => `nav-link ${isActive ? 'nav-link-active' : ''}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-user">
          <span className="role-badge" data-role={role}>
            {ROLE_LABELS[role]}
          </span>
          <p className="sidebar-name">{displayName}</p>
          {user.email ? <p className="sidebar-email">{user.email}</p> : null}
          <p className={`live-status live-${liveStatus}`}>
            <span className="live-dot" aria-hidden="true" />
            {LIVE_TEXT[liveStatus]}
          </p>
          <Button variant="secondary" className="btn-block" onPress={onLogout}>
            Logout
          </Button>
        </div>
      </aside>

      <main className="content" id="main">
        {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading" /> : null}
        <Outlet />
      </main>
    </div>
  );
}
