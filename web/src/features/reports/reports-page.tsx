import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LOW_STOCK_THRESHOLD } from '@wh/contracts/inventory/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ActionMenu } from '../../components/ui/menu.tsx';
import { NumberField } from '../../components/ui/number-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { exportAudit, exportReport, type ExportFormat } from './api/reports-api.ts';
import { activeFilterCount, auditFilters, EMPTY_AUDIT_FILTERS, type AuditFilterForm } from './audit-filters.ts';
import { AuditLog } from './components/audit-log.tsx';
import { InventoryReport } from './components/inventory-report.tsx';
import { OrderAnalytics } from './components/order-analytics.tsx';
import { WorkerProductivity } from './components/worker-productivity.tsx';
import { ORDER_SERIES, type OrderSeries } from './order-buckets.ts';
import { DATE_RANGES, readReportView, REPORT_TYPES, type DateRange, type ReportType } from './report-options.ts';
import './reports.css';

const DEFAULT_THRESHOLD = LOW_STOCK_THRESHOLD;

export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const view = readReportView(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [series, setSeries] = useState<readonly OrderSeries[]>(ORDER_SERIES.map((s) => s.id));
  const [workerName, setWorkerName] = useState('');
  const [auditForm, setAuditForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [auditPage, setAuditPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [pageError, setPageError] = useState<string | null>(null);

  const filters = auditFilters(auditForm, view.range, new Date());
  const setView = (next: Partial<{ type: ReportType; range: DateRange }>) => {
    const merged = { ...view, ...next };
    setParams({ type: merged.type, range: merged.range }, { replace: true });
    setAuditPage(1);
  };

  const runExport = async (format: ExportFormat) => {
    setExporting(true);
    setPageError(null);
    try {
      if (view.type === 'audit') await exportAudit(filters, format);
      else await exportReport(view.type, view.range, format);
    } catch (error) {
      setPageError(messageOf(error, 'Failed to export report'));
    } finally {
      setExporting(false);
    }
  };

  const auditCount = activeFilterCount(auditForm);
  return (
    <section className="page">
      <PageHeader
        title="Reports and Analytics"
        subtitle="Monitor inventory, orders, and worker productivity"
        actions={
          <>
            <Button variant="secondary" onPress={() => setFiltersOpen((o) => !o)} aria-expanded={filtersOpen}>
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
              onAction={(format) => void runExport(format)}
            />
          </>
        }
      />
      {pageError ? (
        <Alert title="Error" onDismiss={() => setPageError(null)}>
          {pageError}
        </Alert>
      ) : null}

      <div className="card report-controls">
        <Select
          label="Report Type"
          options={REPORT_TYPES}
          value={view.type}
          onChange={(type) => {
            setView({ type });
          }}
        />
        <Select
          label="Date Range"
          options={DATE_RANGES}
          value={view.range}
          onChange={(range) => setView({ range })}
          isDisabled={view.type === 'inventory'}
          description={view.type === 'inventory' ? 'Inventory status is as of now' : undefined}
        />
      </div>

      {filtersOpen && view.type === 'inventory' ? (
        <div className="card report-filters" role="group" aria-label="Inventory filters">
          <NumberField
            label="Low stock at or below"
            description="units of a SKU"
            minValue={0}
            maxValue={100_000}
            value={threshold}
            onChange={(v) => setThreshold(Number.isFinite(v) ? v : DEFAULT_THRESHOLD)}
          />
        </div>
      ) : null}
      {filtersOpen && view.type === 'orders' ? (
        <div className="card report-filters" role="group" aria-label="Series shown">
          <p className="field-label">Series shown</p>
          <div className="report-filter-checks">
            {ORDER_SERIES.map((s) => (
              <Checkbox
                key={s.id}
                isSelected={series.includes(s.id)}
                onChange={(on) => setSeries((now) => (on ? ORDER_SERIES.map((x) => x.id).filter((id) => id === s.id || now.includes(id)) : now.filter((id) => id !== s.id)))}
              >
                {s.label}
              </Checkbox>
            ))}
          </div>
        </div>
      ) : null}
      {filtersOpen && view.type === 'productivity' ? (
        <div className="card report-filters" role="group" aria-label="Worker filter">
          <TextField label="Worker or verifier" placeholder="Name" value={workerName} onChange={setWorkerName} />
        </div>
      ) : null}

      {view.type === 'inventory' ? <InventoryReport threshold={threshold} /> : null}
      {view.type === 'orders' ? <OrderAnalytics range={view.range} series={series} /> : null}
      {view.type === 'productivity' ? <WorkerProductivity range={view.range} nameFilter={workerName} /> : null}
      {view.type === 'audit' ? (
        <AuditLog
          filters={filters}
          page={auditPage}
          onPageChange={setAuditPage}
          filtersOpen={filtersOpen}
          form={auditForm}
          onApply={(form) => {
            setAuditForm(form);
            setAuditPage(1);
          }}
        />
      ) : null}
    </section>
  );
}
