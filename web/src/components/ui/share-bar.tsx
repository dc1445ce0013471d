import { Meter } from 'react-aria-components';
import './indicators.css';
import './share-bar.css';

export interface ShareBarProps {
  label: string;
  /** Whole percent of the whole this part is. */
  percent: number;
  /** Shown beside the label, e.g. '12 items'. */
  detail?: string;
}

/** One part's share of a whole (a worker's share of the day's picks): a meter, not a progress bar. */
export function ShareBar({ label, percent, detail }: ShareBarProps) {
  const value = Math.max(0, Math.min(percent, 100));
  return (
    <Meter className="share" value={value} aria-label={label} valueLabel={`${percent}%${detail ? `, ${detail}` : ''}`}>
      {() => (
        <>
          <div className="util-head">
            <span className="share-label">{label}</span>
            <span>
              {detail ? `${detail} · ` : ''}
              <span className="util-value">{percent}%</span>
            </span>
          </div>
          <div className="util-track">
            <div className="share-fill" style={{ width: `${value}%` }} />
          </div>
        </>
      )}
    </Meter>
  );
}
