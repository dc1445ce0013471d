import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@wh/contracts';
import { isDatabaseUnavailable } from '@wh/db';
import { isDomainError, unavailable, type ErrorDetail } from './errors.ts';
import { bytesText } from './http.ts';

export function envelope(code: string, message: string, details?: ErrorDetail[]): ErrorEnvelope {
  return { success: false, message, error: { code, message, ...(details ? { details } : {}) } };
}

// The one place errors become answers. Below 500 the message is shown; at 500 never the internal text.
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send(envelope('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details));
    }
    if (isDomainError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send(envelope(error.code, error.message, error.details));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(envelope('PAYLOAD_TOO_LARGE', 'File size must be less than 10MB'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(envelope('PAYLOAD_TOO_LARGE', `The request body is too large: at most ${bytesText(request.routeOptions.bodyLimit)}`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      // Not 'nothing was saved': a connection lost while a COMMIT was on its way may still have saved it.
      const { code, message } = unavailable();
      return reply.code(503).send(envelope(code, message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(envelope('VALIDATION_FAILED', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
