import { useId } from 'react';
import { ROLE_LABELS } from '@wh/contracts/auth/permissions';
import type { LoginSummary } from '@wh/contracts/users/http';
import { fillDays, plural, shortDate } from '../login-activity.ts';
import { formatLastLogin, lastLoginText } from '../relative-time.ts';

const TOP_USERS = 5;

export function DailyBars({ summary, days, today }: { summary: LoginSummary; days: number; today: string }) {
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

export function MostActive({ summary, now }: { summary: LoginSummary; now: Date }) {
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
