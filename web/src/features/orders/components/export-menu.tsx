import { ActionMenu } from '../../../components/ui/menu.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { exportCommand } from '../api/orders-api.ts';
import type { OrdersFilter } from '../order-filters.ts';

export interface ExportMenuProps {
  /** The filters of the list shown: the export has the same orders. */
  filter: OrdersFilter;
  onError: (message: string) => void;
}

/** Export the filtered orders as CSV or Excel. */
export function ExportMenu({ filter, onError }: ExportMenuProps) {
  const download = useCommand(exportCommand);
  return (
    <ActionMenu<'csv' | 'xlsx'>
      label={download.isPending ? 'Exporting...' : 'Export'}
      size="md"
      aria-label="Export orders"
      actions={[
        { id: 'csv', label: 'Export as CSV' },
        { id: 'xlsx', label: 'Export as Excel (.xlsx)' },
      ]}
      onAction={(format) => void download.runAsync({ filter, format }).catch((error: unknown) => onError(messageOf(error, exportCommand.fallbackError)))}
    />
  );
}
