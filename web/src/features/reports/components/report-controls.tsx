import { Button } from '../../../components/ui/button.tsx';
import { ActionMenu } from '../../../components/ui/menu.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ExportFormat } from '../api/reports-api.ts';
import { DATE_RANGES, REPORT_TYPES, type DateRange, type ReportType, type ReportView } from '../report-options.ts';

export interface ReportActionsProps {
  filtersOpen: boolean;
  onToggleFilters: () => void;
  /** How many audit filters are applied, counted on the Filters button of the audit view. */
  auditCount: number;
  view: ReportView;
  exporting: boolean;
  onExport: (format: ExportFormat) => void;
}

/** The header's Filters button and Export Report menu. */
export function ReportActions({ filtersOpen, onToggleFilters, auditCount, view, exporting, onExport }: ReportActionsProps) {
  return (
    <>
      <Button variant="secondary" onPress={onToggleFilters} aria-expanded={filtersOpen}>
        {view.type === 'audit' && auditCount > 0 ? `Filters (${auditCount})` : 'Filters'}
      </Button>
      <ActionMenu
        label={exporting ? 'Exporting...' : 'Export Report'}
        aria-label="Export Report"
        size="md"
        actions={[
          { id: 'csv', label: 'Export as CSV' },
          { id: 'xlsx', label: 'Export as Excel (.xlsx)' },
        ]}
        onAction={onExport}
      />
    </>
  );
}

export interface ReportControlsProps {
  view: ReportView;
  onChange: (next: Partial<{ type: ReportType; range: DateRange }>) => void;
}

/** Report Type and Date Range; Inventory Status is as of now, so it has no range. */
export function ReportControls({ view, onChange }: ReportControlsProps) {
  return (
    <div className="card report-controls">
      <Select label="Report Type" options={REPORT_TYPES} value={view.type} onChange={(type) => onChange({ type })} />
      <Select
        label="Date Range"
        options={DATE_RANGES}
        value={view.range}
        onChange={(range) => onChange({ range })}
        isDisabled={view.type === 'inventory'}
        description={view.type === 'inventory' ? 'Inventory status is as of now' : undefined}
      />
    </div>
  );
}
