import type { BulkApproveResult, Receipt } from '@wh/contracts/receiving/http';
import { CapacityWarnings } from '../../../components/capacity-warnings.tsx';
import { bulkOutcomeLines, bulkSummary } from '../receipts.ts';

export interface BulkApprovalResultProps {
  result: BulkApproveResult;
  /** The receipts as they were sent, to name each one. */
  sent: readonly Receipt[];
  onDismiss: () => void;
}

/** What came of each receipt of a bulk approval: approved (and whether it filled its location past capacity) or refused and why. */
export function BulkApprovalResult({ result, sent, onDismiss }: BulkApprovalResultProps) {
  const lines = bulkOutcomeLines(result, sent);
  return (
    <section className="bulk-result stack" aria-label="Bulk approval result" role="status">
      <div className="bulk-result-head">
        <h3 className="section-title">{bulkSummary(result)}</h3>
        <button type="button" className="alert-dismiss" aria-label="Dismiss result" onClick={onDismiss}>
          ×
        </button>
      </div>
      <CapacityWarnings overCapacity={result.over_capacity} />
      <ul className="bulk-result-list" aria-label="Result per receipt">
        {lines.map((line) => (
          <li key={line.id} className={line.approved ? 'bulk-result-approved' : 'bulk-result-refused'}>
            <strong>{line.label}</strong> <span>{line.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
