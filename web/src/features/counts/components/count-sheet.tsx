import { COUNT_SOURCE_LABELS } from '@wh/contracts/counts/events';
import { countLabel, type CountTaskDetail } from '@wh/contracts/counts/http';
import { formatDay } from '../../../lib/format.ts';

// Enough lines for a bin's SKUs in a counter's hand; a fuller location takes the back of the sheet.
const BLANK_LINES = 6;

/**
 * A blind count sheet: the task's header and, per location, a box with empty lines for the SKU and its units. It
 * prints no quantity of any kind, so a counter with the sheet counts what is there, not what is expected.
 */
export function CountSheet({ task }: { task: CountTaskDetail }) {
  const who = task.assignee ? (task.assignee.full_name ?? task.assignee.username) : 'Anyone';
  return (
    <article className="print-sheet count-sheet" aria-labelledby="count-sheet-title">
      <header className="pick-sheet-head">
        <h2 id="count-sheet-title" className="pick-sheet-title">
          {`${countLabel(task.id)} · count sheet`}
        </h2>
        <dl className="pick-sheet-details">
          <dt>Why</dt>
          <dd>{task.reason ?? COUNT_SOURCE_LABELS[task.source]}</dd>
          <dt>Counted by</dt>
          <dd>{who}</dd>
          <dt>Due</dt>
          <dd>{task.due ? formatDay(task.due) : '-'}</dd>
          <dt>Counter</dt>
          <dd className="count-sheet-blank" />
        </dl>
      </header>
      <ol className="count-sheet-locations">
        {task.locations.map((l) => (
          <li key={l.location} className="count-sheet-location">
            <div className="count-sheet-location-head">
              <strong className="count-sheet-code">{l.location}</strong>
              <span className="count-sheet-empty">
                <span className="tick-box" aria-hidden="true" /> Empty
              </span>
            </div>
            <table className="pick-sheet-table count-sheet-table" aria-label={`${l.location}: SKUs and units counted`}>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Units</th>
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: BLANK_LINES }, (_, i) => (
                  <tr key={i}>
                    <td />
                    <td />
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ol>
    </article>
  );
}
