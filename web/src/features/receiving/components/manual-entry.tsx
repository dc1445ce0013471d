import { useState } from 'react';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { newVariantsOf, NewVariantsQuestion } from '../../../components/new-variants.tsx';
import { STOCK_UPLOAD_KINDS, uploadResultOf } from '../../../components/stock-upload-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { UploadOutcome } from '../../../components/upload-outcome.tsx';
import { useDraft } from '../../../lib/drafts.ts';
import { todayIso } from '../../../lib/stock-options.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { manualEntryCommand } from '../api/receiving-commands.ts';
import { emptyRow, freshRows, isComplete, isStarted, manualEntryDraft, NO_COMPLETE_ROWS, rowsToSend } from '../manual-rows.ts';
import { ManualEntryHelp, ManualEntryTable, type Field } from './manual-entry-table.tsx';

/** The Manual Entry tab: an editable table sent to the manual-stock upload as a generated sheet. The rows are a draft
 * until sent (lib/drafts.ts): a tab switch, another screen or a reload keeps them. */
export function ManualEntry() {
  const [rows, setRows] = useDraft(manualEntryDraft);
  // Nothing complete to send; and an edit hides the last failure.
  const [nothingToSend, setNothingToSend] = useState(false);
  const [edited, setEdited] = useState(false);
  const save = useCommand(manualEntryCommand);
  // A size or colour the style lacks is asked about, not shown as a failure.
  const asked = newVariantsOf(save.failure);
  const error = nothingToSend ? NO_COMPLETE_ROWS : edited || asked ? null : save.error;
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
  const started = rows.filter(isStarted).length;

  const send = (addVariants = false) => {
    const toSend = rowsToSend(rows);
    setNothingToSend(toSend.length === 0);
    setEdited(false);
    if (toSend.length === 0) return;
    save.run({ rows: toSend, addVariants }, {
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
      <LeaveGuard unsaved={started > 0 && !save.isPending} what={`${started} stock entry ${started === 1 ? 'row' : 'rows'}`} />
      <ManualEntryHelp />
      <ManualEntryTable rows={rows} onChange={update} onRemove={removeRow} />

      <div className="form-actions">
        <Button variant="secondary" onPress={addRow}>
          Add Row
        </Button>
        <Button onPress={() => send()} isDisabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save Entries'}
        </Button>
        <span className="muted small" aria-live="polite">
          {completeCount} complete {completeCount === 1 ? 'row' : 'rows'}
          {incomplete > 0 ? ` · ${incomplete} incomplete (not sent)` : ''}
        </span>
      </div>

      {asked ? <NewVariantsQuestion problems={asked} onClose={save.reset} onConfirm={async () => send(true)} /> : null}
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
