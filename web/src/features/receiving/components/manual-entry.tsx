import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import type { StockUploadResult } from '@wh/contracts/receiving/http';
import { STOCK_UPLOAD_KINDS } from '../../../components/stock-upload-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { UploadOutcome } from '../../../components/stock-upload-panel.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { COLOUR_OPTIONS, SIZE_OPTIONS, todayIso } from '../../../lib/stock-options.ts';
import { refreshAfterReceiving, uploadManualEntry } from '../api/receiving-api.ts';
import { emptyRow, isComplete, isStarted, MANUAL_HEADER, NO_COMPLETE_ROWS, rowsToSend, type ManualRow } from '../manual-rows.ts';

type Field = Exclude<keyof ManualRow, 'key'>;
const COLUMNS: readonly { field: Field; header: (typeof MANUAL_HEADER)[number]; type?: string; list?: string; numeric?: boolean }[] = [
  { field: 'date', header: 'DATE', type: 'date' },
  { field: 'itemCode', header: 'ITEM CODE' },
  { field: 'color', header: 'COLOR', list: 'manual-colours' },
  { field: 'size', header: 'SIZE', list: 'manual-sizes' },
  { field: 'quantity', header: 'QTY', numeric: true },
  { field: 'gatepassNumber', header: 'GATEPASS NUMBER' },
];
const START_ROWS = 3;

function freshRows(): ManualRow[] {
  const today = todayIso();
  return Array.from({ length: START_ROWS }, () => emptyRow(today));
}

/** The Manual Entry tab: an editable table sent to the manual-stock upload as a generated sheet. */
export function ManualEntry() {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ManualRow[]>(freshRows);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StockUploadResult | null>(null);

  const update = (key: number, field: Field, value: string) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: field === 'itemCode' ? value.toUpperCase() : value } : r)));
    setError(null);
  };
  const addRow = () => setRows((all) => [...all, emptyRow(all.at(-1)?.date ?? todayIso())]);
  const removeRow = (key: number) => setRows((all) => (all.length > 1 ? all.filter((r) => r.key !== key) : all));

  const completeCount = rows.filter(isComplete).length;
  const incomplete = rows.filter((r) => isStarted(r) && !isComplete(r)).length;

  const save = async () => {
    const toSend = rowsToSend(rows);
    if (toSend.length === 0) {
      setError(NO_COMPLETE_ROWS);
      return;
    }
    setPending(true);
    setError(null);
    setResult(null);
    try {
      const answer = await uploadManualEntry(toSend);
      setResult({ ...answer.data, message: answer.data.message || (answer.message ?? '') });
      // Sent rows leave the table; rows not yet complete stay for finishing.
      setRows((all) => {
        const left = all.filter((r) => !isComplete(r));
        return left.length > 0 ? left : freshRows();
      });
      await refreshAfterReceiving(queryClient);
    } catch (cause) {
      setError(messageOf(cause, STOCK_UPLOAD_KINDS['manual-stock'].defaultMessage));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="manual-entry">
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
                      onChange={(v) => update(row.key, c.field, v)}
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
                    onPress={() => removeRow(row.key)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="form-actions">
        <Button variant="secondary" onPress={addRow}>
          Add Row
        </Button>
        <Button onPress={() => void save()} isDisabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving...' : 'Save Entries'}
        </Button>
        <span className="muted small" aria-live="polite">
          {completeCount} complete {completeCount === 1 ? 'row' : 'rows'}
          {incomplete > 0 ? ` · ${incomplete} incomplete (not sent)` : ''}
        </span>
      </div>

      <UploadOutcome
        error={error}
        onDismissError={() => setError(null)}
        result={result}
        resultLabels={STOCK_UPLOAD_KINDS['manual-stock'].resultLabels}
        onDismissResult={() => setResult(null)}
      />
    </div>
  );
}
