import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { isRole, ROLE_DESCRIPTIONS } from '@wh/contracts/auth/permissions';
import { refreshCurrentUser } from '../../lib/current-user.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { useNow } from '../../lib/timers.ts';
import { AccountCard } from './components/account-card.tsx';
import { SystemOverview } from './components/system-overview.tsx';
import { greetingFor } from './greeting.ts';

export function DashboardPage() {
  const user = useAtomValue(signedInUserAtom);
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const [refreshing, setRefreshing] = useState(false);
  if (!user) return null;

  const role = isRole(user.role) ? user.role : 'worker';
  const name = user.full_name?.trim() || user.username;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['dashboard'] }), refreshCurrentUser()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section className="page">
      <PageHeader
        title={`${greetingFor(now.getHours())}, ${name}`}
        subtitle={
          <>
            <span>{ROLE_DESCRIPTIONS[role]}</span>
            <span className="dot-sep" aria-hidden="true">
              ·
            </span>
            <time dateTime={now.toISOString().slice(0, 10)}>
              {now.toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </>
        }
        actions={
          <Button variant="secondary" onPress={() => void refresh()} isDisabled={refreshing} aria-busy={refreshing || undefined}>
            Refresh
          </Button>
        }
      />

      {/*
        Slots later work fills (spec section 2, Dashboard), in this order:
        - StatCards: Total Orders Today, Completed Orders (with percent), Pending Orders, Total Inventory,
          Low Stock Alerts (manager), My Assigned Orders (worker)            -> orders + inventory work
        - QuickActions per role                                              -> with the screens they open
        - RecentActivity (at most 5)                                         -> orders work
        - WorkerPerformanceToday (manager, executive1)                       -> orders work
        - InventoryAlerts (manager, executive2)                              -> inventory work
        - SystemStatus card                                                  -> reports work
      */}

      <div className="dashboard-grid">
        <AccountCard user={user} />
        {role === 'manager' ? <SystemOverview /> : null}
      </div>
    </section>
  );
}
