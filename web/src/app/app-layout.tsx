import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { logout } from '../features/auth/api/auth-api.ts';
import { useLiveUpdates } from '../lib/live-socket.ts';
import { clearSessionAtom, tokenAtom, type SessionUser } from '../lib/session.ts';
import { refreshCurrentUser } from '../lib/current-user.ts';
import { LIVE_KEYS } from './live-keys.ts';
import { Sidebar } from './sidebar.tsx';

export function AppLayout({ user }: { user: SessionUser }) {
  const token = useAtomValue(tokenAtom);
  const queryClient = useQueryClient();
  const clearSession = useSetAtom(clearSessionAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
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

      <Sidebar user={user} onClose={() => setMenuOpen(false)} onLogout={onLogout} />

      <main className="content" id="main">
        {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading" /> : null}
        <Outlet />
      </main>
    </div>
  );
}
