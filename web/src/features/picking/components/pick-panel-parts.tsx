// The pieces of an order's and a batch's pick list alike: a line to pick, a refused pick, the progress and complete.
import type { ReactNode } from 'react';
import type { OrderItem } from '@wh/contracts/orders/http';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PendingMark } from '../pick-queue.ts';
import type { PickError } from '../picking-state.ts';

type PickItem = Pick<OrderItem, 'id' | 'sku' | 'style_name' | 'size' | 'color' | 'quantity' | 'location' | 'location_type' | 'no_stock'>;

export interface PickItemRowProps {
  item: PickItem;
  done: boolean;
  /** Picked on this phone, not yet recorded by the server: being sent, or waiting for the connection. */
  pending?: PendingMark | undefined;
  picking: boolean;
  busy: boolean;
  /** The Pick button's accessible name. */
  pickLabel: string;
  /** Shown above the SKU (a batch line's tote and order). */
  heading?: ReactNode;
  /** data-order on the row (a batch line's order number). */
  orderNumber?: string;
  /** What a picked row says (a batch line names its tote). */
  doneLabel?: string;
  onPick: () => void;
}

const PENDING_TEXT: Record<PendingMark, string> = { sending: 'Picking...', waiting: 'Waiting to send' };

/** One item to pick: what it is, where it is (or that no stock is recorded anywhere), and Pick (or Picked). */
export function PickItemRow({ item, done, pending, picking, busy, pickLabel, heading, orderNumber, doneLabel = 'Picked', onPick }: PickItemRowProps) {
  return (
    <li className={`pick-item ${done ? 'is-picked' : ''}`} data-sku={item.sku} data-order={orderNumber}>
      <div className="pick-item-info">
        {heading}
        <strong className="pick-sku">{item.sku}</strong>
        <span>{item.style_name}</span>
        {/* Read at arm's length: large and dark, the quantity most of all. */}
        <span className="pick-facts">
          <span className="pick-size">Size {item.size}</span> · <span className="pick-color">{item.color}</span> ·{' '}
          <span className="pick-qty">Qty {item.quantity}</span>
        </span>
        {item.no_stock ? (
          <span className="pick-no-stock">
            <Badge tone="warning">No stock</Badge> <span className="muted small">None recorded anywhere: listed last</span>
          </span>
        ) : null}
        <span className="pick-location">
          {item.location ? (
            <>
              <span className="muted small">Location </span>
              <strong className="pick-location-code">{item.location}</strong>
              {item.location_type ? <span className="muted small"> ({locationTypeLabel(item.location_type)})</span> : null}
            </>
          ) : (
            <span className="muted">Location not assigned</span>
          )}
        </span>
      </div>
      <div className="pick-item-action">
        {done && pending ? (
          <Badge tone="warning">{PENDING_TEXT[pending]}</Badge>
        ) : done ? (
          <Badge tone="success">{doneLabel}</Badge>
        ) : (
          <Button onPress={onPick} isDisabled={busy} aria-label={pickLabel} data-pick-item={item.id}>
            {picking ? 'Picking...' : 'Pick'}
          </Button>
        )}
      </div>
    </li>
  );
}

export interface PickErrorAlertProps {
  error: PickError;
  busy: boolean;
  onDismiss: () => void;
  /** Pick the refused item again from one of the locations holding it; null when no item can be retried. */
  onRetry: ((location: string) => void) | null;
}

/** A refused pick or completion; a pick refused for lack of stock offers the locations that hold the SKU. */
export function PickErrorAlert({ error, busy, onDismiss, onRetry }: PickErrorAlertProps) {
  return (
    <Alert title="Error" onDismiss={onDismiss}>
      <p>{error.message}</p>
      {onRetry && error.holders.length > 0 ? (
        <div className="pick-holders">
          {error.holders.slice(0, 3).map((location) => (
            <Button key={location} size="sm" variant="secondary" isDisabled={busy} onPress={() => onRetry(location)}>
              Pick from {location}
            </Button>
          ))}
        </div>
      ) : null}
    </Alert>
  );
}

export interface PickProgressFootProps {
  picked: number;
  total: number;
  /** Every item picked: the complete button is offered. */
  done: boolean;
  busy: boolean;
  completing: boolean;
  completeLabel: string;
  onComplete: () => void;
}

/** 'X of Y items picked', and the complete button once everything is picked (focus lands on it after the last pick). */
export function PickProgressFoot({ picked, total, done, busy, completing, completeLabel, onComplete }: PickProgressFootProps) {
  return (
    <footer className="picking-panel-foot">
      <p aria-live="polite">
        {picked} of {total} items picked
      </p>
      {done ? (
        <Button onPress={onComplete} isDisabled={busy} data-complete>
          {completing ? 'Completing...' : completeLabel}
        </Button>
      ) : null}
    </footer>
  );
}
