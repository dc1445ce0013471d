import { COUNT_LOCATION_STATUS_LABELS, type CountLocation } from '@wh/contracts/counts/http';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type Round = CountLocation['rounds'][number];

function tone(status: CountLocation['status']): BadgeTone {
  switch (status) {
    case 'to_count':
      return 'neutral';
    case 'recount':
      return 'warning';
    case 'settled':
      return 'info';
    case 'approved':
      return 'success';
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const nameOf = (u: { username: string; full_name: string | null } | null) => (u ? (u.full_name ?? u.username) : 'someone');

function RoundTable({ location, round }: { location: string; round: Round }) {
  const title = `Round ${round.round} · ${nameOf(round.counted_by)} · ${formatDateTime(round.at)}${round.empty ? ' · said empty' : ''}`;
  return (
    <div className="counts-round">
      <p className="counts-round-title">{title}</p>
      <Table aria-label={`${location}, round ${round.round}`}>
        <TableHeader>
          <Column isRowHeader>SKU</Column>
          <Column>Counted</Column>
          <Column>Expected</Column>
          <Column>Variance</Column>
        </TableHeader>
        <TableBody items={round.lines.map((l) => ({ id: l.sku, ...l }))} renderEmptyState={() => <p className="table-empty">Nothing there, nothing expected.</p>}>
          {(l) => (
            <Row id={l.id}>
              <Cell label="SKU">{l.sku}</Cell>
              <Cell label="Counted">{l.counted}</Cell>
              <Cell label="Expected">{l.expected}</Cell>
              <Cell label="Variance">{signed(l.variance)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function varianceText(l: CountLocation): string | null {
  if (l.status !== 'settled' && l.status !== 'approved') return null;
  if (l.variance.length === 0) return 'Settled on no variance: the count matched.';
  return `Settled variance: ${l.variance.map((v) => `${v.sku} ${signed(v.variance)}`).join(', ')}`;
}

export interface LocationReviewProps {
  location: CountLocation;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
}

/** One location of a task as a manager reviews it: where it stands, each round counted against expected, and its variance. */
export function LocationReview({ location: l, isSelected, onSelect }: LocationReviewProps) {
  const variance = varianceText(l);
  return (
    <li className="counts-review">
      <div className="counts-review-head">
        {l.status === 'settled' ? (
          <Checkbox isSelected={isSelected} onChange={onSelect}>
            {l.location}
          </Checkbox>
        ) : (
          <strong>{l.location}</strong>
        )}
        <Badge tone={tone(l.status)}>{COUNT_LOCATION_STATUS_LABELS[l.status]}</Badge>
        {l.recount_not_by ? <span className="muted">{`Not by ${nameOf(l.recount_not_by)}`}</span> : null}
      </div>
      {l.rounds.map((r) => (
        <RoundTable key={r.round} location={l.location} round={r} />
      ))}
      {variance ? <p className="counts-variance">{variance}</p> : null}
    </li>
  );
}
