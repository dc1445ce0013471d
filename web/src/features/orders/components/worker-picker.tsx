import type { UserRef } from '@wh/contracts/orders/http';
import { Select } from '../../../components/ui/select.tsx';
import { workerName } from '../order-filters.ts';

export interface WorkerPickerProps {
  workers: readonly UserRef[] | undefined;
  value: string | null;
  onChange: (id: string) => void;
}

/** The active workers to assign to, or why there are none. */
export function WorkerPicker({ workers, value, onChange }: WorkerPickerProps) {
  if (workers === undefined) {
    return (
      <p className="muted" role="status">
        Loading workers...
      </p>
    );
  }
  if (workers.length === 0) return <p className="muted">No available workers found</p>;
  return (
    <Select
      label="Worker"
      placeholder="Select a worker"
      options={workers.map((w) => ({ id: String(w.id), label: workerName(w) }))}
      value={value}
      onChange={onChange}
    />
  );
}
