import { EVENTS, type EventMetadata, type NewEvent, type StoredEvent } from '@wh/contracts';

// A row of the events table as both services select it (transaction_id read as text).
export interface EventRow {
  event_type: string;
  schema_version: number;
  data: unknown;
  stream_id: string;
  stream_version: number;
  global_position: string;
  transaction_id: string;
  metadata: unknown;
  recorded_at: Date;
}

// A stored event in today's shape: one written at an older version of its type goes through the type's upcasters, and
// one this code does not know (a newer release's) is refused (UnknownEventError) rather than guessed at.
export function toStoredEvent<E extends NewEvent = NewEvent>(row: EventRow): StoredEvent<E> {
  // The events table holds only what deciders produced for these stream types, each checked on append.
  return {
    type: row.event_type as E['type'],
    data: EVENTS.upcast(row.event_type, row.schema_version, row.data) as E['data'],
    stream_id: row.stream_id,
    stream_version: row.stream_version,
    global_position: row.global_position,
    transaction_id: row.transaction_id,
    metadata: row.metadata as EventMetadata,
    recorded_at: row.recorded_at,
  };
}
