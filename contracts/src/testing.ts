import { afterAll } from 'vitest';
import { EVENTS } from './event-registry.ts';
import { addEventTypes, type EventFamily } from './platform/event-schemas.ts';

// Event types of a test's own, each with its schema and upcasters: the event store checks and upcasts them as it
// does the service's (EVENTS) in this test process, until the test file (or the describe block it is called in)
// ends. A name the service already uses is refused; the service's own types stay as EVENT_FAMILIES lists them.
export function registerTestEvents(family: EventFamily): void {
  afterAll(addEventTypes(EVENTS, family));
}
