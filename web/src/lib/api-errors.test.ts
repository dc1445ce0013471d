import { describe, expect, it } from 'vitest';
import { errorFromResponse, fieldErrorsOf, parseBody } from './api-errors.ts';

describe('errorFromResponse', () => {
  it('prefers error.message over message', () => {
    const body = parseBody(JSON.stringify({ success: false, message: 'outer', error: { code: 'CONFLICT', message: 'Username already exists' } }));
    const err = errorFromResponse(409, 'Conflict', body, 'Failed to create user');
    expect(err.message).toBe('Username already exists');
    expect(err.code).toBe('CONFLICT');
    expect(err.status).toBe(409);
  });

  it('falls back to message, then the call default, then HTTP status', () => {
    expect(errorFromResponse(400, 'Bad Request', parseBody('{"message":"outer"}'), 'd').message).toBe('outer');
    expect(errorFromResponse(400, 'Bad Request', parseBody('{}'), 'Failed to fetch users').message).toBe('Failed to fetch users');
    expect(errorFromResponse(418, 'Teapot', parseBody(''), undefined).message).toBe('HTTP 418');
  });

  it('reports a non-JSON body as a server error', () => {
    expect(errorFromResponse(502, 'Bad Gateway', parseBody('<html>nginx</html>'), 'x').message).toBe('Server error: 502 Bad Gateway');
  });

  it('keeps field details for forms', () => {
    const body = parseBody(
      JSON.stringify({ success: false, message: 'm', error: { code: 'VALIDATION_FAILED', message: 'm', details: [{ field: 'username', message: 'Username is required' }, { field: 'username', message: 'second' }] } }),
    );
    expect(fieldErrorsOf(errorFromResponse(400, 'Bad Request', body))).toEqual({ username: 'Username is required' });
  });
});
