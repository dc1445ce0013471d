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

// Payload of NOTIFY read_models: the projector's checkpoint after a batch and the topics it touched.
export interface ReadModelsNotice {
  tx: string;
  pos: string;
  topics: string[];
}
