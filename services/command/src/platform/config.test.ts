import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      WAREHOUSE_TIMEZONE: 'Europe/London',
      SESSION_IDLE_HOURS: 12,
      SESSION_MAX_DAYS: 7,
      LOGIN_RATE_LIMIT: 10,
      LOGIN_ADDRESS_RATE_LIMIT: 50,
      READ_REPLICA_WAIT_MS: 300,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATABASE_READ_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT must be at most 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// connection URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD must be at least 6 characters'],
    [{ ADMIN_PASSWORD: '        ' }, 'ADMIN_PASSWORD must not be blank'],
    [{ ADMIN_PASSWORD: '\u200b'.repeat(6) }, 'ADMIN_PASSWORD must not be blank'],
    [{ ADMIN_PASSWORD: 'adm\u200b\u200b\u200b' }, 'ADMIN_PASSWORD must be at least 6 characters'],
    [{ ADMIN_PASSWORD: 'x'.repeat(201) }, 'ADMIN_PASSWORD must be at most 200 characters'],
    [{ SESSION_MAX_DAYS: '0' }, 'SESSION_MAX_DAYS'],
    [{ LOGIN_ADDRESS_RATE_LIMIT: 'many' }, 'LOGIN_ADDRESS_RATE_LIMIT'],
    [{ WAREHOUSE_TIMEZONE: 'Mars/Olympus' }, 'WAREHOUSE_TIMEZONE must be an IANA time zone'],
    [{ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'replica:5433' }, 'DATABASE_READ_URL must be a postgres:// connection URL'],
    [{ DATABASE_READ_URL: 'postgres://replica/db' }, 'DATABASE_READ_URL needs DATABASE_URL'],
    [{ READ_REPLICA_WAIT_MS: 'soon' }, 'READ_REPLICA_WAIT_MS must be a number of milliseconds'],
    [{ READ_REPLICA_WAIT_MS: '-1' }, 'READ_REPLICA_WAIT_MS must be at least 0'],
  ])('refuses %j naming the problem', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });

  it('keeps the spaces of an administrator password as they are', () => {
    expect(loadConfig({ ADMIN_PASSWORD: ' pass word ' }).ADMIN_PASSWORD).toBe(' pass word ');
  });

  it('the service exits with a clear message on bad configuration', () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port', DATABASE_URL: 'postgres://x@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT');
  });
});
