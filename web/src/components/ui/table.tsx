import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';

// Thin, styled pass-throughs: the Aria table gives keyboard navigation and the grid roles.
/** `stackOnMobile` turns rows into cards below 768px, each cell labelled by its column (data-label). */
export function Table({ stackOnMobile = false, ...props }: TableProps & { stackOnMobile?: boolean }) {
  return (
    <div className={`table-scroll ${stackOnMobile ? 'table-stack' : ''}`}>
      <AriaTable {...props} className="table" />
    </div>
  );
}

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} className="table-header" />;
}

export function Column(props: ColumnProps) {
  return <AriaColumn {...props} className="table-column" />;
}

export function TableBody<T extends object>(props: TableBodyProps<T>) {
  return <AriaTableBody {...props} className="table-body" />;
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={`table-row ${typeof className === 'string' ? className : ''}`} />;
}

export function Cell({ label, ...props }: CellProps & { label?: string }) {
  return <AriaCell {...props} className="table-cell" data-label={label} />;
}
