import { Meter } from 'react-aria-components';
import { INVENTORY_YELLOW_FROM, utilisationTone } from '../../lib/utilisation.ts';
import './indicators.css';

export interface UtilisationBarProps {
  label: string;
  /** Whole percent; null when the location has no capacity. */
  percent: number | null;
  /** Shown beside the percentage, e.g. '45 / 60'. */
  detail?: string;
  yellowFrom?: number;
  hideLabel?: boolean;
}

/** A meter coloured by utilisation: red from 90 %, yellow from 70 % (75 % on the dashboard), else green. */
export function UtilisationBar({ label, percent, detail, yellowFrom = INVENTORY_YELLOW_FROM, hideLabel = false }: UtilisationBarProps) {
  if (percent === null) {
    return (
      <div className="util">
        <div className="util-head">
          {hideLabel ? null : <span>{label}</span>}
          <span>{detail ? `${detail} · ` : ''}no capacity</span>
        </div>
      </div>
    );
  }
  const tone = utilisationTone(percent, yellowFrom);
  return (
    <Meter className={`util util-${tone}`} value={Math.min(percent, 100)} aria-label={label} valueLabel={`${percent}%`}>
      {() => (
        <>
          <div className="util-head">
            {hideLabel ? null : <span>{label}</span>}
            <span>
              {detail ? `${detail} · ` : ''}
              <span className="util-value" data-tone={tone}>
                {percent}%
              </span>
            </span>
          </div>
          <div className="util-track">
            <div className="util-fill" style={{ width: `${Math.min(percent, 100)}%` }} />
          </div>
        </>
      )}
    </Meter>
  );
}
