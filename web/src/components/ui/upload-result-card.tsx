import { errorLines, STOCK_RESULT_ERROR_LIMIT, type ResultStat, type RowError } from './upload-result.ts';

export interface UploadResultCardProps {
  success: boolean;
  message?: string | undefined;
  stats: readonly ResultStat[];
  errors?: readonly RowError[] | undefined;
  errorLimit?: number;
  onDismiss?: () => void;
}

/** The stock and style upload result: the counts, then the first row errors ('Row N: error', '... and K more errors'). */
export function UploadResultCard({ success, message, stats, errors = [], errorLimit = STOCK_RESULT_ERROR_LIMIT, onDismiss }: UploadResultCardProps) {
  const { lines, more } = errorLines(errors, errorLimit);
  return (
    <section className={`card upload-result ${success ? 'upload-result-ok' : 'upload-result-failed'}`} aria-label="Upload result" role="status">
      <div className="upload-result-head">
        <h2 className="card-title">{success ? 'Upload Successful' : 'Upload Failed'}</h2>
        {onDismiss ? (
          <button type="button" className="alert-dismiss" aria-label="Dismiss result" onClick={onDismiss}>
            ×
          </button>
        ) : null}
      </div>
      {message ? <p className="upload-result-message">{message}</p> : null}
      {stats.length > 0 ? (
        <dl className="stat-grid upload-result-stats">
          {stats.map((s) => (
            <div className="stat" key={s.label}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lines.length > 0 ? (
        <div className="upload-result-errors">
          <h3 className="section-title">Errors ({errors.length})</h3>
          <ul>
            {lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          {more ? <p className="muted">{more}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
