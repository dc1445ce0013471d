import type { Dispatch } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ORDER_SERIES } from '../order-buckets.ts';
import type { ReportType } from '../report-options.ts';
import type { ReportsEvent, ReportsState } from '../reports-state.ts';

export interface ReportFiltersProps {
  type: ReportType;
  state: ReportsState;
  dispatch: Dispatch<ReportsEvent>;
}

/** The open Filters of the inventory, orders, productivity and returns reports (the audit log's sit in the log itself). */
export function ReportFilters({ type, state, dispatch }: ReportFiltersProps) {
  if (!state.filtersOpen) return null;
  if (type === 'inventory') {
    return (
      <div className="card report-filters" role="group" aria-label="Inventory filters">
        <NumberField
          label="Low stock at or below"
          description="units of a SKU"
          minValue={0}
          maxValue={100_000}
          value={state.threshold}
          onChange={(value) => dispatch({ type: 'threshold', value })}
        />
      </div>
    );
  }
  if (type === 'orders') {
    return (
      <div className="card report-filters" role="group" aria-label="Series shown">
        <p className="field-label">Series shown</p>
        <div className="report-filter-checks">
          {ORDER_SERIES.map((s) => (
            <Checkbox key={s.id} isSelected={state.series.includes(s.id)} onChange={(on) => dispatch({ type: 'series-toggled', id: s.id, on })}>
              {s.label}
            </Checkbox>
          ))}
        </div>
      </div>
    );
  }
  if (type === 'productivity') {
    return (
      <div className="card report-filters" role="group" aria-label="Worker filter">
        <TextField label="Worker or verifier" placeholder="Name" value={state.workerName} onChange={(text) => dispatch({ type: 'worker-name', text })} />
      </div>
    );
  }
  if (type === 'returns') {
    return (
      <div className="card report-filters" role="group" aria-label="Style filter">
        <SearchField
          label="Style code"
          placeholder="e.g. DR1000"
          description="Press Enter to show one style; clear it for every style"
          defaultValue={state.returnsStyle}
          onSubmit={(code) => dispatch({ type: 'returns-style', code })}
          onClear={() => dispatch({ type: 'returns-style', code: '' })}
        />
      </div>
    );
  }
  return null;
}
