// What every stored event carries besides its type and data.
export interface EventMetadata {
  actor_id: number | null;
  actor_role: string | null;
  correlation_id: string;
  causation_id: string | null;
  client_ip: string | null;
}

export interface NewEvent {
  type: string;
  data: unknown;
}

export interface StoredEvent<E extends NewEvent = NewEvent> {
  type: E['type'];
  data: E['data'];
  stream_id: string;
  stream_version: number;
  global_position: string;
  transaction_id: string;
  metadata: EventMetadata;
  recorded_at: Date;
}

// Where an event stands in the store's order: its transaction id, then its global position (bigints as text). A
// checkpoint is the position of the last event a projection applied.
export interface StreamPosition {
  tx: string;
  pos: string;
}

// The store's order: by transaction id, then by global position. Negative when `a` comes first, 0 when they are
// the same, positive when `a` comes after `b`.
export function compareStreamPositions(a: StreamPosition, b: StreamPosition): number {
  const tx = BigInt(a.tx) - BigInt(b.tx);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.pos) - BigInt(b.pos);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}

// Payload of NOTIFY read_models: the projector's checkpoint after a batch and the topics it touched.
export interface ReadModelsNotice extends StreamPosition {
  topics: string[];
}

// The business time an event carries (commands stamp `at` from their clock), else when it was recorded: when it
// happened, as the projections and the answers folded from a stream read it.
export function occurredAt(stored: StoredEvent): Date {
  const at = (stored.data as { at?: unknown } | null)?.at;
  if (typeof at === 'string') {
    const parsed = new Date(at);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return stored.recorded_at;
}
