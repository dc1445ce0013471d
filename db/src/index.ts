export { migrate, migrationFiles, MIGRATIONS_DIR, type MigrateOptions } from './migrate.ts';
export { READ_MODEL_TABLES } from './database.ts';
export type * from './database.ts';
export { CONNECT_TIMEOUT_MS, createDatabase, isDatabaseUnavailable, poolOf, prepared, preparedOnce, readingWithFallback, type DatabaseHandle } from './connect.ts';
export { toStoredEvent, type EventRow } from './events.ts';
