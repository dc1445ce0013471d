import type { Projection } from '../projection.ts';
import { usersProjection } from './users.ts';

export const projections: readonly Projection[] = [usersProjection];
