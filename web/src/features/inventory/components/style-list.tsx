import { firstWithMore, moreLabel } from '../../../lib/lists.ts';

/** A location's style codes: the first few, then a '+N' counter. */
export function StyleList({ styles, limit }: { styles: readonly string[]; limit: number }) {
  if (styles.length === 0) return <span className="muted small">Empty</span>;
  const { shown, more } = firstWithMore(styles, limit);
  const label = moreLabel(more);
  return (
    <span className="chip-list">
      {shown.map((s) => (
        <span key={s} className="chip">
          {s}
        </span>
      ))}
      {label ? (
        <span className="chip chip-muted" title={styles.slice(limit).join(', ')}>
          {label}
        </span>
      ) : null}
    </span>
  );
}
