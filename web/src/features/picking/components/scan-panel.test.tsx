// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanPanel } from './scan-panel.tsx';

const panel = (offline: boolean, waiting: number) => {
  render(<ScanPanel scanLocationFirst={false} atLocation={null} feedback={null} offline={offline} waiting={waiting} onScan={() => {}} />);
  return screen.getByRole('region', { name: 'Scan' }).querySelector('.scan-state-text[data-current]')!.textContent;
};

describe('the scan panel’s state line', () => {
  afterEach(cleanup);

  it.each([
    [false, 0, /^(Scanner ready|Scanner paused: tap this page to scan)$/],
    [false, 1, /(^|· )1 scan waiting$/],
    [false, 3, /(^|· )3 scans waiting$/],
    [true, 0, /(^|· )Offline$/],
    [true, 1, /(^|· )Offline · 1 scan waiting$/],
    [true, 4, /(^|· )Offline · 4 scans waiting$/],
  ])('offline %s, %i waiting', (offline, waiting, text) => {
    expect(panel(offline, waiting)).toMatch(text);
  });

  it('says Scanner ready only when online and nothing waits', () => {
    for (const [offline, waiting] of [
      [true, 0],
      [false, 2],
    ] as const) {
      expect(panel(offline, waiting)).not.toContain('Scanner ready');
      cleanup();
    }
  });
});
