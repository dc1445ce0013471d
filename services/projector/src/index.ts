export { Projector, PROJECTOR_LOCK_KEY, type ProjectorOptions } from './runner.ts';
export { rebuildReadModels } from './rebuild.ts';
export { projectBatch, compactTopics } from './batch.ts';
export { besideProjections, projections, stopTogether } from './projections/index.ts';
export type { Projection } from './projection.ts';
