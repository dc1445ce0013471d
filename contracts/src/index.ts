export * from './auth/permissions.ts';
export * from './auth/routes.ts';
export * from './platform/http.ts';
export * from './platform/live.ts';
export * from './users/events.ts';
export * from './users/http.ts';
export * from './platform/events.ts';
export * from './platform/stock.ts';
