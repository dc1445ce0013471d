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
export function Table(props: TableProps) {
  return (
    <div className="table-scroll">
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

export function Cell(props: CellProps) {
  return <AriaCell {...props} className="table-cell" />;
}
