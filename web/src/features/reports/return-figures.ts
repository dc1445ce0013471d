import { FIT_FLAG_LABELS, type FitFlag } from '@wh/contracts/reports/fit-flag';
import type { ReasonCounts, ReturnFigures, ReturnsProcessing, ReturnStyle } from '@wh/contracts/reports/http';
import { RETURN_GRADE_LABELS, RETURN_GRADES, RETURN_REASON_LABELS, RETURN_REASONS } from '@wh/contracts/returns/events';
import { formatDuration, unitCount } from '../../lib/format.ts';

// How the returns reports read (Returns by Style and Size, Returns Processing).

/** The reasons most units came back for, most first: 'Too small 21, Too large 1'; '-' when none did. */
export function mainReasons(reasons: ReasonCounts, shown = 2): string {
  const top = RETURN_REASONS.filter((r) => reasons[r] > 0)
    .sort((a, b) => reasons[b] - reasons[a])
    .slice(0, shown);
  return top.length === 0 ? '-' : top.map((r) => `${RETURN_REASON_LABELS[r]} ${reasons[r]}`).join(', ');
}

export const fitLabel = (flag: FitFlag | null) => (flag ? FIT_FLAG_LABELS[flag] : '');

export interface ReturnRow extends ReturnFigures {
  id: string;
  style_code: string;
  style_name: string | null;
  // 'All sizes' on a style's own row.
  size: string;
  whole: boolean;
}

/** The table's rows: each style (all its sizes together), then its sizes in garment order. */
export function returnRows(styles: readonly ReturnStyle[]): ReturnRow[] {
  return styles.flatMap(({ sizes, ...style }) => [
    { ...style, id: style.style_code, size: 'All sizes', whole: true },
    ...sizes.map((s) => ({ ...s, id: `${style.style_code} ${s.size}`, style_code: style.style_code, style_name: style.style_name, whole: false })),
  ]);
}

/** What waits now, in a sentence: units, parcels, unmatched and the oldest's wait as the server counted it. */
export function waitingText(open: ReturnsProcessing['open']): string {
  if (open.parcels === 0 || open.oldest_received_at === null) return 'Nothing waits at the returns bench.';
  const unmatched = open.unmatched > 0 ? `, ${open.unmatched} of them unmatched` : '';
  const waited = (new Date(open.as_of).getTime() - new Date(open.oldest_received_at).getTime()) / 1000;
  return `${unitCount(open.units)} in ${open.parcels} ${open.parcels === 1 ? 'parcel' : 'parcels'} wait${unmatched}; the oldest was received ${formatDuration(waited)} ago.`;
}

/** Each grade with its units and its share of those received. */
export function gradeRows(p: Pick<ReturnsProcessing, 'grades' | 'received'>): { grade: string; label: string; units: number; share: number | null }[] {
  return RETURN_GRADES.map((g) => ({ grade: g, label: RETURN_GRADE_LABELS[g], units: p.grades[g], share: p.received > 0 ? p.grades[g] / p.received : null }));
}
