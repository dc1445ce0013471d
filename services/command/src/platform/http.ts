import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '@wh/contracts';

export function metadataOf(request: FastifyRequest, causationId: string | null = null): EventMetadata {
  return {
    actor_id: request.auth?.user.id ?? null,
    actor_role: request.auth?.user.role ?? null,
    correlation_id: request.id,
    causation_id: causationId,
    client_ip: request.ip ?? null,
  };
}

export function systemMetadata(reason: string): EventMetadata {
  return { actor_id: null, actor_role: 'system', correlation_id: randomUUID(), causation_id: reason, client_ip: null };
}

export function ok<T>(data: T, extra: { message?: string; position?: string; projected?: boolean } = {}) {
  return { success: true as const, data, ...extra };
}

// Whether a JSON text nests arrays and objects deeper than `max`, found by one pass over its characters before it is
// parsed: parsing and walking a deeply nested body costs far more than this scan, and the scan stops at the first
// level too deep.
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

// A body limit in words: '16 KB', '1 MB'.
export function bytesText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
