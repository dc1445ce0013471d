// The pieces of an order's and a batch's pick list alike: a line to pick, the progress and complete (a refused pick:
// pick-error-alert.tsx).
import type { ReactNode } from 'react';
import type { OrderItem } from '@wh/contracts/orders/http';
import { locationTypeLabel } from '@wh/contracts/inventory/events';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { shortLabel } from '../../../lib/short-label.ts';
import type { PendingMark } from '../pick-queue.ts';

type PickItem = Pick<
  OrderItem,
  'id' | 'sku' | 'style_name' | 'size' | 'color' | 'quantity' | 'location' | 'location_type' | 'no_stock' | 'status' | 'short_quantity'
>;

export interface PickItemRowProps {
  item: PickItem;
  /** Picked on this phone, not yet recorded by the server: being sent, or waiting for the connection. */
  pending?: PendingMark | undefined;
  picking: boolean;
  busy: boolean;
  /** The Pick button's accessible name; "Can't find it" is named after it. */
  pickLabel: string;
  /** Shown above the SKU (a batch line's tote and order). */
  heading?: ReactNode;
  /** data-order on the row (a batch line's order number). */
  orderNumber?: string;
  /** What a picked row says (a batch line names its tote). */
  doneLabel?: string;
  onPick: () => void;
  /** "Can't find it": the picker says where they looked and the line is recorded short. */
  onShort: () => void;
  /** Undo on a picked or short line: it is to pick again. */
  onUndo: () => void;
}

const PENDING_TEXT: Record<PendingMark, string> = { sending: 'Picking...', waiting: 'Waiting to send' };

/**
 * One item to pick: what it is, where it is (or that no stock is recorded anywhere), and Pick and Can't find it; once
 * picked or short, Undo. A pick still on this phone says so, with neither (Undo and a short go straight to the server).
 */
export function PickItemRow({ item, pending, picking, busy, pickLabel, heading, orderNumber, doneLabel = 'Picked', onPick, onShort, onUndo }: PickItemRowProps) {
  return (
    <li className={`pick-item ${item.status === 'picked' ? 'is-picked' : item.status === 'short' ? 'is-short' : ''}`} data-sku={item.sku} data-order={orderNumber}>
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
        {item.status !== 'pending' && pending ? <Badge tone="warning">{PENDING_TEXT[pending]}</Badge> : null}
        {item.status === 'picked' && !pending ? <Badge tone="success">{doneLabel}</Badge> : null}
        {item.status === 'short' ? <Badge tone="warning">{shortLabel(item)}</Badge> : null}
        {item.status !== 'pending' && !pending ? (
          <Button variant="ghost" size="sm" onPress={onUndo} isDisabled={busy} aria-label={`Undo: ${pickLabel.replace(/^Pick /, '')}`}>
            Undo
          </Button>
        ) : null}
        {item.status === 'pending' ? (
          <>
            <Button onPress={onPick} isDisabled={busy} aria-label={pickLabel} data-pick-item={item.id}>
              {picking ? 'Picking...' : 'Pick'}
            </Button>
            <Button variant="secondary" size="sm" onPress={onShort} isDisabled={busy} aria-label={`Can't find it: ${pickLabel.replace(/^Pick /, '')}`}>
              Can&apos;t find it
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

export interface PickProgressFootProps {
  /** Items picked or recorded short, and of those short. */
  done: number;
  short: number;
  total: number;
  busy: boolean;
  completing: boolean;
  completeLabel: string;
  onComplete: () => void;
}

/**
 * 'X of Y items picked' (and how many short), and the complete button once every item is picked or short (focus lands
 * on it after the last pick).
 */
export function PickProgressFoot({ done, short, total, busy, completing, completeLabel, onComplete }: PickProgressFootProps) {
  return (
    <footer className="picking-panel-foot">
      <p aria-live="polite">
        {done - short} of {total} items picked
        {short > 0 ? `, ${short} short` : ''}
      </p>
      {total > 0 && done >= total ? (
        <Button onPress={onComplete} isDisabled={busy} data-complete>
          {completing ? 'Completing...' : completeLabel}
        </Button>
      ) : null}
    </footer>
  );
}
