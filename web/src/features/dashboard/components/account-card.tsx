import { isRole, permissionName, ROLE_LABELS } from '@wh/contracts/auth/permissions';
import type { SessionUser } from '../../../lib/session.ts';
import { permissionPreview } from '../greeting.ts';

function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'Never'
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function AccountCard({ user }: { user: SessionUser }) {
  const { shown, more } = permissionPreview(user.permissions ?? []);
  return (
    <section className="card" aria-labelledby="account-card-title">
      <h2 className="card-title" id="account-card-title">
        Your Account
      </h2>
      <dl className="detail-list">
        <div>
          <dt>Role</dt>
          <dd>{isRole(user.role) ? ROLE_LABELS[user.role] : user.role}</dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email || 'Not set'}</dd>
        </div>
        <div>
          <dt>Last Login</dt>
          <dd>{formatDateTime(user.last_login_at)}</dd>
        </div>
        <div>
          <dt>Permissions</dt>
          <dd>
            <ul className="chip-list" aria-label="Permissions">
              {shown.map((p) => (
                <li key={p} className="chip">
                  {permissionName(p)}
                </li>
              ))}
              {more ? <li className="chip chip-muted">{more}</li> : null}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  );
}
