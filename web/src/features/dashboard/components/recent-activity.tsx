import type { Role } from '@wh/contracts/auth/permissions';
import type { RecentActivity as Activity } from '@wh/contracts/reports/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { activityStatusLabel, activityTone, RECENT_ACTIVITY_SHOWN } from '../dashboard-figures.ts';

/** At most five entries: a manager's system activity, a worker's own picked orders; else a welcome note. */
export function RecentActivity({ items, role }: { items: readonly Activity[]; role: Role }) {
  const shown = items.slice(0, RECENT_ACTIVITY_SHOWN);
  return (
    <section className="card" aria-labelledby="recent-activity-title">
      <h2 className="card-title" id="recent-activity-title">
        Recent Activity
      </h2>
      {shown.length === 0 ? (
        <div className="dash-welcome">
          <p className="dash-welcome-title">Welcome to the warehouse dashboard</p>
          <p className="muted small">
            {role === 'worker'
              ? 'Orders you pick will show here.'
              : role === 'manager'
                ? 'Activity across the warehouse will show here as the day goes on.'
                : 'Use the quick actions to get started.'}
          </p>
        </div>
      ) : (
        <ul className="activity-list">
          {shown.map((a) => (
            <li key={a.id} className="activity-row">
              <div className="activity-text">
                <p className="activity-title">{a.title}</p>
                <p className="muted small">{a.description}</p>
                <time className="muted small" dateTime={a.timestamp}>
                  {formatDateTime(a.timestamp)}
                </time>
              </div>
              <Badge tone={activityTone(a.status)}>{activityStatusLabel(a.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
