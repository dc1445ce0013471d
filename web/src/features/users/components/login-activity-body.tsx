import { useId, useState } from 'react';
import { ROLE_LABELS, ROLES } from '@wh/contracts/auth/permissions';
import type { LoginSummary, UserStats } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { loginSummaryQuery, userStatsQuery, type ActivityDays, type ActivityRole } from '../api/login-activity-api.ts';
import { fillDays, localDate, plural, shortDate } from '../login-activity.ts';
import { formatLastLogin, lastLoginText } from '../relative-time.ts';

const DAY_OPTIONS = [
  { id: '7' as const, label: 'Last 7 days' },
  { id: '30' as const, label: 'Last 30 days' },
  { id: '90' as const, label: 'Last 90 days' },
];
const ROLE_OPTIONS = [{ id: 'all' as const, label: 'All Roles' }, ...ROLES.map((r) => ({ id: r, label: ROLE_LABELS[r] }))];
const TOP_USERS = 5;

export function LoginActivityBody({ now }: { now: Date }) {
  const [days, setDays] = useState<ActivityDays>(30);
  const [role, setRole] = useState<ActivityRole>('all');
  const stats = useScreenQuery(userStatsQuery());
  const summary = useScreenQuery(loginSummaryQuery(days, role));

  return (
    <div className="activity-content">
      {stats.isError ? (
        <Retry message={messageOf(stats.error, 'Failed to load user statistics')} onRetry={() => void stats.refetch()} />
      ) : (
        <UserTotals stats={stats.data} />
      )}

      <div className="activity-controls">
        <Select<'7' | '30' | '90'>
          label="Days"
          options={DAY_OPTIONS}
          value={String(days) as '7' | '30' | '90'}
          onChange={(d) => setDays(Number(d) as ActivityDays)}
          className="activity-select"
        />
        <Select<ActivityRole> label="Role" options={ROLE_OPTIONS} value={role} onChange={setRole} className="activity-select" />
        <p className="activity-totals" aria-live="polite">
          {summary.data ? (
            <>
              <span>
                <strong>{summary.data.total_logins.toLocaleString()}</strong> {summary.data.total_logins === 1 ? 'sign-in' : 'sign-ins'}
              </span>
              <span className="dot-sep" aria-hidden="true">
                ·
              </span>
              <span>
                <strong>{summary.data.unique_users.toLocaleString()}</strong>{' '}
                {summary.data.unique_users === 1 ? 'distinct user' : 'distinct users'}
              </span>
            </>
          ) : null}
          {summary.isFetching && summary.data ? (
            <span className="muted small activity-updating" role="status">
              Updating...
            </span>
          ) : null}
        </p>
      </div>

      {summary.isError ? (
        <Retry message={messageOf(summary.error, 'Failed to load login activity')} onRetry={() => void summary.refetch()} />
      ) : summary.data === undefined ? (
        <p className="muted small" role="status">
          Loading sign-ins...
        </p>
      ) : summary.data.total_logins === 0 ? (
        <p className="activity-empty">No sign-ins in this period</p>
      ) : (
        <div className="activity-grid" aria-busy={summary.isPlaceholderData}>
          <DailyBars summary={summary.data} days={days} today={localDate(now)} />
          <MostActive summary={summary.data} now={now} />
        </div>
      )}
    </div>
  );
}

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert>
      {message}{' '}
      <Button size="sm" variant="secondary" onPress={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

function UserTotals({ stats }: { stats: UserStats | undefined }) {
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

function DailyBars({ summary, days, today }: { summary: LoginSummary; days: number; today: string }) {
  const bars = fillDays(summary.daily, days, today);
  const max = Math.max(1, ...bars.map((b) => b.logins));
  const first = bars[0];
  const last = bars[bars.length - 1];
  return (
    <figure className="activity-daily">
      <figcaption className="activity-subtitle">Sign-ins per day</figcaption>
      {/* The bars are a picture of the table below, which carries the numbers for screen readers. */}
      <div className="activity-bars" aria-hidden="true">
        {bars.map((b) => (
          <span
            key={b.date}
            className={`activity-bar${b.logins === 0 ? ' is-zero' : ''}`}
            style={{ height: b.logins === 0 ? undefined : `${Math.max(6, (b.logins / max) * 100)}%` }}
            title={`${shortDate(b.date)}: ${plural(b.logins, 'sign-in', 'sign-ins')}, ${plural(b.uniqueUsers, 'user', 'users')}`}
          />
        ))}
      </div>
      <div className="activity-axis" aria-hidden="true">
        <span>{first ? shortDate(first.date) : ''}</span>
        <span>peak {max.toLocaleString()}</span>
        <span>{last ? (last.date === today ? 'Today' : shortDate(last.date)) : ''}</span>
      </div>
      <table className="sr-only">
        <caption>Sign-ins per day (days without sign-ins left out)</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Sign-ins</th>
            <th scope="col">Distinct users</th>
          </tr>
        </thead>
        <tbody>
          {summary.daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{shortDate(d.date)}</th>
              <td>{d.logins}</td>
              <td>{d.unique_users}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function MostActive({ summary, now }: { summary: LoginSummary; now: Date }) {
  const top = summary.by_user.slice(0, TOP_USERS);
  const titleId = useId();
  return (
    <div className="activity-top">
      <h3 className="activity-subtitle" id={titleId}>
        Most active
      </h3>
      <ol className="activity-top-list" aria-labelledby={titleId}>
        {top.map((u) => {
          const last = formatLastLogin(u.last_login_at, now);
          return (
            <li key={u.user_id} className="activity-top-item">
              <span className="activity-top-who">
                <span className="user-name">{u.full_name || u.username}</span>
                <span className="user-username">@{u.username}</span>
              </span>
              <span className="role-badge" data-role={u.role}>
                {ROLE_LABELS[u.role]}
              </span>
              <span className="activity-top-count">
                <strong>{u.logins.toLocaleString()}</strong> <span className="muted small">{u.logins === 1 ? 'sign-in' : 'sign-ins'}</span>
              </span>
              <span className="muted small activity-top-last" title={lastLoginText(last)}>
                <span className="sr-only">last sign-in </span>
                {last.secondary ?? last.primary}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
