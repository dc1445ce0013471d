import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-errors.ts';
import { holdersOf } from './picking-api.ts';

describe('a refused pick', () => {
  it('offers the locations the 409 names, most first', () => {
    const refused = new ApiError('Not enough stock of DR1012-8-BLUE at B-2-2', 409, 'CONFLICT', [
      { field: 'location', message: 'A-1-1: 5' },
      { field: 'location', message: 'RACK-3: 2' },
    ]);
    expect(holdersOf(refused)).toEqual(['A-1-1', 'RACK-3']);
  });

  it('offers nothing for other failures', () => {
    expect(holdersOf(new ApiError('Order #10001 is completed', 409, 'ILLEGAL_TRANSITION'))).toEqual([]);
    expect(holdersOf(new ApiError('x', 500, 'INTERNAL', [{ field: 'location', message: 'A-1-1: 5' }]))).toEqual([]);
    expect(holdersOf(new Error('network'))).toEqual([]);
  });
});
