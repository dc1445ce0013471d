import { Input, TextField as AriaTextField } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { COLOUR_OPTIONS, SIZE_OPTIONS } from '../../../lib/stock-options.ts';
import { isComplete, isStarted, type MANUAL_HEADER, type ManualRow } from '../manual-rows.ts';

export type Field = Exclude<keyof ManualRow, 'key'>;
export const COLUMNS: readonly { field: Field; header: (typeof MANUAL_HEADER)[number]; type?: string; list?: string; numeric?: boolean }[] = [
  { field: 'date', header: 'DATE', type: 'date' },
  { field: 'itemCode', header: 'ITEM CODE' },
  { field: 'color', header: 'COLOR', list: 'manual-colours' },
  { field: 'size', header: 'SIZE', list: 'manual-sizes' },
  { field: 'quantity', header: 'QTY', numeric: true },
  { field: 'gatepassNumber', header: 'GATEPASS NUMBER' },
];
export interface ManualEntryTableProps {
  rows: readonly ManualRow[];
  onChange: (key: number, field: Field, value: string) => void;
  onRemove: (key: number) => void;
}

/** The editable rows of Manual Entry, one text field per cell. */
export function ManualEntryTable({ rows, onChange, onRemove }: ManualEntryTableProps) {
  return (
    <div className="table-scroll table-stack">
      <table className="table entry-table" aria-label="Manual stock entries">
        <thead className="table-header">
          <tr>
            <th className="table-column" scope="col">
              #
            </th>
            {COLUMNS.map((c) => (
              <th key={c.field} className="table-column" scope="col">
                {c.header}
              </th>
            ))}
            <th className="table-column" scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="table-body">
          {rows.map((row, index) => (
            <tr key={row.key} className={`table-row ${isStarted(row) && !isComplete(row) ? 'row-incomplete' : ''}`}>
              <td className="table-cell" data-label="Row">
                {index + 1}
              </td>
              {COLUMNS.map((c) => (
                <td key={c.field} className="table-cell" data-label={c.header}>
                  <AriaTextField
                    aria-label={`Row ${index + 1} ${c.header}`}
                    value={row[c.field]}
                    onChange={(v) => onChange(row.key, c.field, v)}
                    type={c.type ?? 'text'}
                    {...(c.numeric ? { inputMode: 'numeric' as const } : {})}
                  >
                    <Input className="input input-compact" {...(c.list ? { list: c.list } : {})} />
                  </AriaTextField>
                </td>
              ))}
              <td className="table-cell" data-label="">
                <Button
                  variant="ghost-danger"
                  size="sm"
                  aria-label={`Remove row ${index + 1}`}
                  isDisabled={rows.length <= 1}
                  onPress={() => onRemove(row.key)}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What to type, and the colours and sizes the cells offer. */
export function ManualEntryHelp() {
  return (
    <>
        <ul className="instructions" aria-label="Manual entry instructions">
          <li>Columns: DATE, ITEM CODE, COLOR, SIZE, QTY, GATEPASS NUMBER. Item codes are upper-cased.</li>
          <li>Only complete rows (item code, colour, size, a quantity above 0 and a gatepass number) are sent.</li>
          <li>Rows for known styles wait for Executive 2 approval; unknown styles go to manager approval.</li>
        </ul>

        <datalist id="manual-colours">
          {COLOUR_OPTIONS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <datalist id="manual-sizes">
          {SIZE_OPTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
    </>
  );
}
