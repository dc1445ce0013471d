import { describe, expect, it } from 'vitest';
import { readYourWritesTimeout } from './app-context.ts';
import { loadConfig } from './config.ts';

describe('readYourWritesTimeout', () => {
  const config = { ...loadConfig({}), READ_YOUR_WRITES_TIMEOUT_MS: 3000 };

  it("is the configured timeout for a command's event", () => {
    expect(readYourWritesTimeout(config)).toBe(3000);
    expect(readYourWritesTimeout(config, 1)).toBe(3000);
  });

  it('gives a bulk write time in proportion to its events, so a 50,000-order upload waits for the projector', () => {
    expect(readYourWritesTimeout(config, 50_001)).toBe(3000 + 25_000);
  });

  it('stays bounded however big the write', () => {
    expect(readYourWritesTimeout(config, 10_000_000)).toBe(60_000);
    expect(readYourWritesTimeout({ ...config, READ_YOUR_WRITES_TIMEOUT_MS: 90_000 }, 10_000_000)).toBe(90_000);
  });
});
