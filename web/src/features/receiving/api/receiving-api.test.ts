import { describe, expect, it } from 'vitest';
import { MANUAL_STOCK_ROUTE_ACCEPT } from '@wh/contracts/receiving/http';
import { manualEntryFile } from './receiving-api.ts';

const rows = [{ date: '2026-05-01', item_code: 'DR1000', color: 'Black', size: '10', quantity: 5, gatepass_number: 'GP-1' }];

describe('manual entry file', () => {
  it('is the generated CSV the manual-stock upload accepts', async () => {
    const { blob, filename } = manualEntryFile(rows);
    expect(MANUAL_STOCK_ROUTE_ACCEPT).toContain('csv');
    expect(filename).toBe('manual-entry.csv');
    expect(await blob.text()).toBe('DATE,ITEM CODE,COLOR,SIZE,QTY,GATEPASS NUMBER\r\n2026-05-01,DR1000,Black,10,5,GP-1\r\n');
  });
});
