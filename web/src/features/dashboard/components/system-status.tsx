import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { Readiness } from '@wh/contracts/platform/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { liveStatusAtom } from '../../../lib/live-socket.ts';
import { systemStatusQuery } from '../api/dashboard-api.ts';
import { lagText, projectionStopText, projectorFailureText, projectorStalledText } from '../dashboard-figures.ts';

const LIVE_TEXT = { live: 'Connected', connecting: 'Connecting...', offline: 'Offline, retrying' } as const;

/**
 * The real state of the system: the database answers, the projector is running, failing on an event or stalled, the
 * read models stopped at an event while the others go on, how far the read models trail, the last recorded event.
 */
export function SystemStatus() {
  const ready = useQuery(systemStatusQuery());
  const live = useAtomValue(liveStatusAtom);
  const reachable = ready.isError ? false : ready.data ? true : null;
  const lag = ready.data?.projector.lag_events;
  const stopped = ready.data?.projector.stopped ?? [];
  return (
    <section className="card" aria-labelledby="system-status-title">
      <h2 className="card-title" id="system-status-title">
        System Status
      </h2>
      <dl className="detail-list">
        <div>
          <dt>Database</dt>
          <dd>
            {reachable === null ? (
              'Checking...'
            ) : reachable ? (
              <Badge tone="success">Reachable</Badge>
            ) : (
              <Badge tone="danger">Unreachable</Badge>
            )}
          </dd>
        </div>
        <div>
          <dt>Projector</dt>
          <dd>
            <ProjectorState readiness={ready.data} />
          </dd>
        </div>
        {stopped.length > 0 && (
          <div>
            <dt>Stopped read models</dt>
            <dd>
              <ul className="system-status-stops">
                {stopped.map((stop) => (
                  <li key={stop.projection}>
                    <Badge tone="danger">{stop.projection}</Badge>
                    <p className="muted system-status-failure">{projectionStopText(stop)}</p>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>Projector lag</dt>
          <dd>
            {lag === undefined ? '-' : <Badge tone={lag === 0 ? 'success' : lag < 100 ? 'warning' : 'danger'}>{lagText(lag)}</Badge>}
          </dd>
        </div>
        <div>
          <dt>Last event</dt>
          <dd>{ready.data ? (ready.data.last_event_at ? formatDateTime(ready.data.last_event_at) : 'No events yet') : '-'}</dd>
        </div>
        <div>
          <dt>Live updates</dt>
          <dd>
            <Badge tone={live === 'live' ? 'success' : live === 'offline' ? 'danger' : 'neutral'}>{LIVE_TEXT[live]}</Badge>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Running, or failing on an event, or stalled, with what the projector says about it. */
function ProjectorState({ readiness }: { readiness: Readiness | undefined }) {
  if (!readiness) return '-';
  const { failure, status, checkpoint_updated_at } = readiness.projector;
  if (failure) {
    return (
      <>
        <Badge tone="danger">Failing</Badge>
        <p className="muted system-status-failure">{projectorFailureText(failure)}</p>
      </>
    );
  }
  if (status === 'stalled') {
    return (
      <>
        <Badge tone="danger">Stalled</Badge>
        <p className="muted system-status-failure">{projectorStalledText(checkpoint_updated_at)}</p>
      </>
    );
  }
  return <Badge tone="success">Running</Badge>;
}
