import { useState } from 'react';
import { STOCK_UPLOAD_KINDS, uploadResultOf } from '../../../components/stock-upload-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { UploadOutcome } from '../../../components/upload-outcome.tsx';
import { todayIso } from '../../../lib/stock-options.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { manualEntryCommand } from '../api/receiving-commands.ts';
import { emptyRow, isComplete, isStarted, NO_COMPLETE_ROWS, rowsToSend, type ManualRow } from '../manual-rows.ts';
import { ManualEntryHelp, ManualEntryTable, type Field } from './manual-entry-table.tsx';

const START_ROWS = 3;

function freshRows(): ManualRow[] {
  const today = todayIso();
  return Array.from({ length: START_ROWS }, () => emptyRow(today));
}

/** The Manual Entry tab: an editable table sent to the manual-stock upload as a generated sheet. */
export function ManualEntry() {
  const [rows, setRows] = useState<ManualRow[]>(freshRows);
  // Nothing complete to send; and an edit hides the last failure.
  const [nothingToSend, setNothingToSend] = useState(false);
  const [edited, setEdited] = useState(false);
  const save = useCommand(manualEntryCommand);
  const error = nothingToSend ? NO_COMPLETE_ROWS : edited ? null : save.error;
  const result = save.answer ? uploadResultOf(save.answer) : null;

  const update = (key: number, field: Field, value: string) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: field === 'itemCode' ? value.toUpperCase() : value } : r)));
    setNothingToSend(false);
    setEdited(true);
  };
  const addRow = () => setRows((all) => [...all, emptyRow(all.at(-1)?.date ?? todayIso())]);
  const removeRow = (key: number) => setRows((all) => (all.length > 1 ? all.filter((r) => r.key !== key) : all));

  const completeCount = rows.filter(isComplete).length;
  const incomplete = rows.filter((r) => isStarted(r) && !isComplete(r)).length;

  const send = () => {
    const toSend = rowsToSend(rows);
    setNothingToSend(toSend.length === 0);
    setEdited(false);
    if (toSend.length === 0) return;
    save.run(toSend, {
      // Sent rows leave the table; rows not yet complete stay for finishing.
      onSuccess: () =>
        setRows((all) => {
          const left = all.filter((r) => !isComplete(r));
          return left.length > 0 ? left : freshRows();
        }),
    });
  };

  return (
    <div className="manual-entry">
      <ManualEntryHelp />
      <ManualEntryTable rows={rows} onChange={update} onRemove={removeRow} />

      <div className="form-actions">
        <Button variant="secondary" onPress={addRow}>
          Add Row
        </Button>
        <Button onPress={send} isDisabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save Entries'}
        </Button>
        <span className="muted small" aria-live="polite">
          {completeCount} complete {completeCount === 1 ? 'row' : 'rows'}
          {incomplete > 0 ? ` · ${incomplete} incomplete (not sent)` : ''}
        </span>
      </div>

      <UploadOutcome
        error={error}
        onDismissError={() => {
          setNothingToSend(false);
          save.reset();
        }}
        result={result}
        resultLabels={STOCK_UPLOAD_KINDS['manual-stock'].resultLabels}
        onDismissResult={save.reset}
      />
    </div>
  );
}
