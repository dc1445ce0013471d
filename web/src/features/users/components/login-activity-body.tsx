import { useState } from 'react';
import { ROLE_LABELS, ROLES } from '@wh/contracts/auth/permissions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { loginSummaryQuery, userStatsQuery, type ActivityDays, type ActivityRole } from '../api/login-activity-api.ts';
import { localDate } from '../login-activity.ts';
import { DailyBars, MostActive } from './login-activity-charts.tsx';
import { UserTotals } from './user-totals.tsx';

const DAY_OPTIONS = [
  { id: '7' as const, label: 'Last 7 days' },
  { id: '30' as const, label: 'Last 30 days' },
  { id: '90' as const, label: 'Last 90 days' },
];
const ROLE_OPTIONS = [{ id: 'all' as const, label: 'All Roles' }, ...ROLES.map((r) => ({ id: r, label: ROLE_LABELS[r] }))];

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
