import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

// The panel's contents (and their queries) load only once it is opened, so the list stays light.
const LoginActivityBody = lazy(() => import('./login-activity-body.tsx').then((m) => ({ default: m.LoginActivityBody })));

export interface LoginActivityPanelProps {
  now: Date;
}

/** Collapsible 'Login Activity' panel: user totals and sign-ins per day and per user. Collapsed by default. */
export function LoginActivityPanel({ now }: LoginActivityPanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleId = `${id}-toggle`;
  const bodyId = `${id}-body`;
  return (
    <section className={`card activity-panel${open ? ' is-open' : ''}`}>
      <div className="activity-head">
        <h2 className="activity-heading">
          <Button
            id={toggleId}
            variant="ghost"
            className="activity-toggle"
            aria-expanded={open}
            {...(open ? { 'aria-controls': bodyId } : {})}
            onPress={() => setOpen((o) => !o)}
          >
            <span className="activity-chevron" aria-hidden="true">
              ▸
            </span>
            Login Activity
          </Button>
        </h2>
        {open ? null : <span className="muted small activity-hint">User totals and recent sign-ins</span>}
      </div>
      {open ? (
        <div id={bodyId} role="region" aria-labelledby={toggleId} className="activity-body">
          <Suspense
            fallback={
              <p className="muted small" role="status">
                Loading login activity...
              </p>
            }
          >
            <LoginActivityBody now={now} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
