import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS } from '@wh/contracts/auth/permissions';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { userDetailsQuery } from '../api/users-api.ts';
import { formatDuration } from '../relative-time.ts';

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '-';

export interface UserDetailsDialogProps {
  user: User;
  isOpen: boolean;
  onClose: () => void;
}

export function UserDetailsDialog({ user, isOpen, onClose }: UserDetailsDialogProps) {
  const details = useQuery({ ...userDetailsQuery(user.id), enabled: isOpen });
  const shown = details.data?.user ?? user;

  return (
    <Dialog title="User Details" size="lg" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <div className="details-head">
        <p className="details-name">{shown.full_name || shown.username}</p>
        <p className="muted">
          @{shown.username} · {ROLE_LABELS[shown.role]}
          {shown.email ? ` · ${shown.email}` : ''}
        </p>
      </div>
      {details.isPending ? <p className="muted" role="status">Loading user details...</p> : null}
      {details.isError ? <Alert>Failed to load user details</Alert> : null}
      {details.data ? (
        <>
          <dl className="stat-grid">
            <div className="stat">
              <dt>Total Sessions</dt>
              <dd>{details.data.login_stats.total_sessions}</dd>
            </div>
            <div className="stat">
              <dt>Last 30 Days</dt>
              <dd>{details.data.login_stats.last_30_days}</dd>
            </div>
            <div className="stat">
              <dt>Avg. Session</dt>
              <dd>{formatDuration(details.data.login_stats.average_session_duration)}</dd>
            </div>
          </dl>
          <h3 className="section-title">Recent Sessions</h3>
          <Table aria-label="Recent Sessions">
            <TableHeader>
              <Column isRowHeader>Login Time</Column>
              <Column>IP Address</Column>
              <Column>User Agent</Column>
              <Column>Duration</Column>
            </TableHeader>
            <TableBody renderEmptyState={() => <p className="table-empty">No recent sessions found</p>}>
              {details.data.recent_sessions.map((session) => (
                <Row key={session.session_id} id={session.session_id}>
                  <Cell>{dateTime(session.login_time)}</Cell>
                  <Cell>{session.login_ip ?? '-'}</Cell>
                  <Cell>
                    <span className="truncate" title={session.user_agent ?? undefined}>
                      {session.user_agent ?? '-'}
                    </span>
                  </Cell>
                  <Cell>
                    {session.session_duration === null && !session.logout_time
                      ? 'Active'
                      : formatDuration(session.session_duration)}
                  </Cell>
                </Row>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
