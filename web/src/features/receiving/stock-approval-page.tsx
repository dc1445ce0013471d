import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { CapacityWarnings } from '../../components/capacity-warnings.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { AvailableItems } from './components/available-items.tsx';
import { DirectApprovalForm } from './components/direct-approval-form.tsx';
import { PendingReceipts } from './components/pending-receipts.tsx';
import { RecentApprovals } from './components/recent-approvals.tsx';

export function StockApprovalPage() {
  const me = useAtomValue(signedInUserAtom);
  const [item, setItem] = useState<ApprovableItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [overCapacity, setOverCapacity] = useState<readonly OverCapacity[]>([]);
  if (!me) return null;

  const done = (message: string, over: readonly OverCapacity[] = []) => {
    setError(null);
    setSuccess(message);
    setOverCapacity(over);
  };
  const failed = (message: string) => {
    setSuccess(null);
    setOverCapacity([]);
    setError(message);
  };

  return (
    <section className="page">
      <PageHeader title="Stock Approval" subtitle="Approve incoming stock into bins and racks" />
      {error ? (
        <Alert onDismiss={() => setError(null)}>{error}</Alert>
      ) : null}
      {success ? (
        <Alert tone="success" onDismiss={() => setSuccess(null)}>
          {success}
        </Alert>
      ) : null}
      <CapacityWarnings overCapacity={overCapacity} onDismiss={() => setOverCapacity([])} />
      <div className="approval-layout">
        <div className="approval-left">
          <PendingReceipts role={me.role} onDecided={done} />
          <AvailableItems selected={item?.style_code ?? null} onSelect={setItem} />
        </div>
        <div className="approval-right">
          <DirectApprovalForm item={item} onClearItem={() => setItem(null)} onApproved={done} onError={failed} />
        </div>
      </div>
      <RecentApprovals />
    </section>
  );
}
