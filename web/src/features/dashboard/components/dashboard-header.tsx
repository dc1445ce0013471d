import { useQueryClient } from '@tanstack/react-query';
import { ROLE_DESCRIPTIONS, type Role } from '@wh/contracts/auth/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNow } from '../../../lib/timers.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { refreshDashboardCommand } from '../api/dashboard-api.ts';
import { greetingFor } from '../greeting.ts';

/** The greeting by the time of day, the role and today's date, and Refresh. */
export function DashboardHeader({ name, role }: { name: string; role: Role }) {
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const refresh = useCommand(refreshDashboardCommand);
  return (
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
        <Button variant="secondary" onPress={() => refresh.run(queryClient)} isDisabled={refresh.isPending} aria-busy={refresh.isPending || undefined}>
          Refresh
        </Button>
      }
    />
  );
}
