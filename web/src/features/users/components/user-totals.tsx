import { ROLE_LABELS, ROLES } from '@wh/contracts/auth/permissions';
import type { UserStats } from '@wh/contracts/users/http';

export function UserTotals({ stats }: { stats: UserStats | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString());
  const tiles = [
    ['Total', stats?.total],
    ['Active', stats?.active],
    ['Inactive', stats?.inactive],
    ['Deleted', stats?.deleted],
  ] as const;
  return (
    <div className="activity-stats">
      <dl className="activity-tiles" aria-label="User totals">
        {tiles.map(([label, n]) => (
          <div key={label} className="activity-tile" data-tone={label.toLowerCase()} data-nonzero={n ? '' : undefined}>
            <dt>{label}</dt>
            <dd>{value(n)}</dd>
          </div>
        ))}
      </dl>
      {stats ? (
        <ul className="activity-roles" aria-label="Users by role">
          {ROLES.map((r) => (
            <li key={r}>
              <span className="role-badge" data-role={r}>
                {ROLE_LABELS[r]}
              </span>{' '}
              <strong>{stats.by_role[r].toLocaleString()}</strong>{' '}
              <span className="muted">({stats.active_by_role[r].toLocaleString()} active)</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
