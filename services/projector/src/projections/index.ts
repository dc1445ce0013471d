import type { Projection } from '../projection.ts';
import { ordersProjection } from './orders.ts';
import { usersProjection } from './users.ts';

export const projections: readonly Projection[] = [usersProjection, ordersProjection];
