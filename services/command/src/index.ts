export { buildApp } from './app.ts';
export { startServer, type RunningServer, type StartOptions } from './server.ts';
export { loadConfig, ConfigError, type Config } from './platform/config.ts';
