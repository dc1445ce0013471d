import { useReducer, type Dispatch } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { useCommand } from '../../lib/use-command.ts';
import { exportCommand } from './api/reports-api.ts';
import { activeFilterCount, auditFilters, type AuditFilters } from './audit-filters.ts';
import { AuditLog } from './components/audit-log.tsx';
import { CountAccuracy } from './components/count-accuracy.tsx';
import { InventoryReport } from './components/inventory-report.tsx';
import { OrderAnalytics } from './components/order-analytics.tsx';
import { ReportActions, ReportControls } from './components/report-controls.tsx';
import { ReportFilters } from './components/report-filters.tsx';
import { ReturnsProcessing } from './components/returns-processing.tsx';
import { ReturnsReport } from './components/returns-report.tsx';
import { WorkerProductivity } from './components/worker-productivity.tsx';
import { readReportView, type DateRange, type ReportType, type ReportView } from './report-options.ts';
import { INITIAL_REPORTS, reportsReducer, type ReportsEvent, type ReportsState } from './reports-state.ts';
import './reports.css';

export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const view = readReportView(params);
  const [state, dispatch] = useReducer(reportsReducer, INITIAL_REPORTS);
  const exporter = useCommand(exportCommand);
  const filters = auditFilters(state.auditForm, view.range, new Date());

  const setView = (next: Partial<{ type: ReportType; range: DateRange }>) => {
    const merged = { ...view, ...next };
    setParams({ type: merged.type, range: merged.range }, { replace: true });
    dispatch({ type: 'view-changed' });
  };

  return (
    <section className="page">
      <PageHeader
        title="Reports and Analytics"
        subtitle="Monitor inventory, orders, and worker productivity"
        actions={
          <ReportActions
            filtersOpen={state.filtersOpen}
            onToggleFilters={() => dispatch({ type: 'filters-toggled' })}
            auditCount={activeFilterCount(state.auditForm)}
            view={view}
            exporting={exporter.isPending}
            onExport={(format) => exporter.run({ view, filters, style: state.returnsStyle, format })}
          />
        }
      />
      {exporter.error ? (
        <Alert title="Error" onDismiss={exporter.reset}>
          {exporter.error}
        </Alert>
      ) : null}
      <ReportControls view={view} onChange={setView} />
      <ReportFilters type={view.type} state={state} dispatch={dispatch} />
      <ReportBody view={view} filters={filters} state={state} dispatch={dispatch} />
    </section>
  );
}

interface ReportBodyProps {
  view: ReportView;
  filters: AuditFilters;
  state: ReportsState;
  dispatch: Dispatch<ReportsEvent>;
}

/** The chosen report, with its own filter applied. */
function ReportBody({ view, filters, state, dispatch }: ReportBodyProps) {
  switch (view.type) {
    case 'inventory':
      return <InventoryReport threshold={state.threshold} />;
    case 'orders':
      return <OrderAnalytics range={view.range} series={state.series} />;
    case 'productivity':
      return <WorkerProductivity range={view.range} nameFilter={state.workerName} />;
    case 'returns':
      return <ReturnsReport range={view.range} style={state.returnsStyle} />;
    case 'returns-processing':
      return <ReturnsProcessing range={view.range} />;
    case 'count-accuracy':
      return <CountAccuracy range={view.range} />;
    case 'audit':
      return (
        <AuditLog
          filters={filters}
          page={state.auditPage}
          onPageChange={(page) => dispatch({ type: 'audit-paged', page })}
          filtersOpen={state.filtersOpen}
          form={state.auditForm}
          onApply={(form) => dispatch({ type: 'audit-applied', form })}
        />
      );
  }
}
