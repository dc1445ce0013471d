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
