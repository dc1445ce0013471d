import { useReducer, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { OverCapacity } from '@wh/contracts/platform/stock';
import type { ApprovableItem } from '@wh/contracts/receiving/http';
import { CapacityWarnings } from '../../components/capacity-warnings.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { approvalNoticeReducer, NO_NOTICE } from './approval-notice.ts';
import { AvailableItems } from './components/available-items.tsx';
import { DirectApprovalForm } from './components/direct-approval-form.tsx';
import { PendingReceipts } from './components/pending-receipts.tsx';
import { RecentApprovals } from './components/recent-approvals.tsx';

export function StockApprovalPage() {
  const me = useAtomValue(signedInUserAtom);
  const [item, setItem] = useState<ApprovableItem | null>(null);
  const [{ error, success, overCapacity }, notify] = useReducer(approvalNoticeReducer, NO_NOTICE);
  if (!me) return null;

  const done = (message: string, over: readonly OverCapacity[] = []) => notify({ type: 'decided', message, overCapacity: over });
  const failed = (message: string) => notify({ type: 'failed', message });

  return (
    <section className="page">
      <PageHeader title="Stock Approval" subtitle="Approve incoming stock into bins and racks" />
      {error ? (
        <Alert onDismiss={() => notify({ type: 'dismiss', what: 'error' })}>{error}</Alert>
      ) : null}
      {success ? (
        <Alert tone="success" onDismiss={() => notify({ type: 'dismiss', what: 'success' })}>
          {success}
        </Alert>
      ) : null}
      <CapacityWarnings overCapacity={overCapacity} onDismiss={() => notify({ type: 'dismiss', what: 'overCapacity' })} />
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
