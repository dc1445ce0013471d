import { Button } from '../../../components/ui/button.tsx';
import type { QueuedPick } from '../pick-queue.ts';

export interface PickExceptionsProps {
  exceptions: readonly QueuedPick[];
  onAcknowledge: (key: string) => void;
}

/**
 * Scans made out of reach that the server refused when they arrived (the order cancelled or reassigned meanwhile, the
 * item picked by someone else): each names its order and item and says why in the server's words, and stays until
 * the picker acknowledges it.
 */
export function PickExceptions({ exceptions, onAcknowledge }: PickExceptionsProps) {
  if (exceptions.length === 0) return null;
  return (
    <section className="card pick-exceptions" aria-labelledby="pick-exceptions-title">
      <h2 id="pick-exceptions-title" className="card-title">
        Scans not recorded
      </h2>
      <p className="muted small">The server refused these scans when they were sent. Check each item, then acknowledge it.</p>
      {exceptions.map((pick) => (
        <div key={pick.key} className="pick-exception" role="alert">
          <p className="pick-exception-what">
            <strong>Order {pick.orderNumber}</strong> · {pick.item.sku} ({pick.item.style_name}, {pick.item.size} {pick.item.color})
            {pick.location ? ` from ${pick.location}` : ''}
          </p>
          <p className="pick-exception-why">{pick.refusal}</p>
          <Button variant="secondary" size="sm" onPress={() => onAcknowledge(pick.key)} aria-label={`Acknowledge ${pick.item.sku} for ${pick.orderNumber}`}>
            Acknowledge
          </Button>
        </div>
      ))}
    </section>
  );
}
