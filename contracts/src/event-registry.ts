import { eventRegistry, type EventFamily } from './platform/event-schemas.ts';
import { STYLE_EVENTS } from './catalogue/events.ts';
import { ADJUSTMENT_EVENTS, LOCATION_EVENTS, MOVE_EVENTS } from './inventory/events.ts';
import { BATCH_EVENTS, ORDER_EVENTS } from './orders/events.ts';
import { BIN_ALLOCATION_EVENTS, RECEIPT_EVENTS } from './receiving/events.ts';
import { COUNT_EVENTS } from './counts/events.ts';
import { RETURN_EVENTS } from './returns/events.ts';
import { SETTINGS_EVENTS } from './settings/events.ts';
import { USER_EVENTS } from './users/events.ts';

const FAMILIES = [
  ORDER_EVENTS,
  BATCH_EVENTS,
  LOCATION_EVENTS,
  ADJUSTMENT_EVENTS,
  MOVE_EVENTS,
  RECEIPT_EVENTS,
  BIN_ALLOCATION_EVENTS,
  RETURN_EVENTS,
  COUNT_EVENTS,
  STYLE_EVENTS,
  USER_EVENTS,
  SETTINGS_EVENTS,
] as const satisfies readonly EventFamily[];

// Every event type the service writes, by feature, with its versions.
export const EVENT_FAMILIES: readonly EventFamily[] = FAMILIES;

type TypesOf<F> = F extends EventFamily ? keyof F & string : never;
/** Every event type the service writes. */
export type EventType = TypesOf<(typeof FAMILIES)[number]>;

// What the event store checks on append and upcasts on read.
export const EVENTS = eventRegistry(...EVENT_FAMILIES);
