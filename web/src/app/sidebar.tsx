import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { isRole, ROLE_LABELS } from '@wh/contracts/auth/permissions';
import { NAVIGATION } from '@wh/contracts/auth/routes';
import { Button } from '../components/ui/button.tsx';
import { liveStatusAtom } from '../lib/live-socket.ts';
import type { SessionUser } from '../lib/session.ts';

const LIVE_TEXT = { live: 'Live updates on', connecting: 'Connecting...', offline: 'Offline, retrying' } as const;

export interface SidebarProps {
  user: SessionUser;
  /** Closes the mobile menu. */
  onClose: () => void;
  onLogout: () => void;
}

/** The role's navigation, and who is signed in with the live status and Logout. */
export function Sidebar({ user, onClose, onLogout }: SidebarProps) {
  const liveStatus = useAtomValue(liveStatusAtom);
  const role = isRole(user.role) ? user.role : 'worker';
  const displayName = user.full_name?.trim() || user.username;
  return (
    <aside id="sidebar" className="sidebar" aria-label="Sidebar">
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          W
        </span>
        <span>Warehouse</span>
        <button type="button" className="sidebar-close" aria-label="Close menu" onClick={onClose}>
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
  );
}
