import type { LocationSuggestion } from '@wh/contracts/inventory/http';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Button } from './ui/button.tsx';

export interface SuggestionListProps {
  suggestions: readonly LocationSuggestion[];
  /** Offers 'Use this location' on each suggestion. */
  onPick?: (suggestion: LocationSuggestion) => void;
  pickedId?: number | null;
}

/** Suggested locations, each with its free space and the reason it was suggested. */
export function SuggestionList({ suggestions, onPick, pickedId }: SuggestionListProps) {
  if (suggestions.length === 0) {
    return (
      <div className="no-results">
        <p className="no-results-title">No Suggestions Available</p>
        <p className="muted">No location has room for this stock. Add bins or racks, or choose a location yourself.</p>
      </div>
    );
  }
  return (
    <ol className="suggestion-list" aria-label="Suggested locations">
      {suggestions.map((s) => (
        <li key={s.location_id} className={`suggestion ${pickedId === s.location_id ? 'suggestion-picked' : ''}`}>
          <div className="suggestion-head">
            <strong>{s.location}</strong>
            <span className="chip chip-muted">{locationTypeLabel(s.location_type ?? s.type)}</span>
          </div>
          <p className="small">
            {s.available_space === null ? 'No capacity limit' : `${s.available_space} free`} · {s.current_capacity} in stock
            {s.capacity !== null ? ` of ${s.capacity}` : ''}
          </p>
          <p className="muted small">{s.reason}</p>
          {onPick ? (
            <Button size="sm" variant={pickedId === s.location_id ? 'primary' : 'secondary'} onPress={() => onPick(s)}>
              {pickedId === s.location_id ? 'Chosen' : 'Use this location'}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
