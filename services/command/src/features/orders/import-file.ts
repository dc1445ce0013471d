import {
  isGiftItem,
  MAX_ORDER_LINES,
  MAX_ORDER_UNITS,
  MAX_QUANTITY,
  moneyCell,
  MONEY_MESSAGE,
  orderLinesProblem,
  parseSheetDate,
  settleDateOrder,
  skuProblem,
  wholeNumberCell,
  type ImportedOrderItem,
  type RowError,
} from '@wh/contracts';
import { cleanCode, findColumn, sheetPlanner, type Sheet } from '../../platform/uploads.ts';

// Reads an order sheet (the daily order sheet, its alternative headers, or a Shopify orders export) into orders
// ready to import, and the rows it could not use. Pure: no database, no clock.

const COLUMNS = {
  order: ['Order #', 'Order', 'Order Number', 'Name'],
  item: ['Item', 'Title', 'Lineitem name'],
  sku: ['SKU', 'Lineitem sku'],
  value: ['Value', 'Lineitem price'],
  fulfilled: ['is Fulfilled', 'Fulfilled', 'Lineitem fulfillment status'],
  quantity: ['Quantity', 'Qty', 'Lineitem quantity'],
  handle: ['Handle'],
  priority: ['Priority'],
  date: ['Order Date', 'Date', 'Created at'],
} as const;

export type PlannedItem = Omit<ImportedOrderItem, 'item_id'>;

export interface PlannedOrder {
  order_number: string;
  // Upper case: order numbers are unique case-insensitively.
  key: string;
  priority: number;
  // From the file, else null (the import day is used).
  order_date: string | null;
  items: PlannedItem[];
}

export interface OrderImportPlan {
  orders: PlannedOrder[];
  errors: RowError[];
  skipped_gift_vouchers: number;
  skipped_fulfilled: number;
}

const FULFILLED = /^(?:true|yes|y|1|fulfilled)$/i;
const MAX_ORDER_NUMBER = 50;

export function planOrderImport(sheet: Sheet): OrderImportPlan {
  const col = Object.fromEntries(
    Object.entries(COLUMNS).map(([k, names]) => [k, findColumn(sheet, names)]),
  ) as Record<keyof typeof COLUMNS, string | undefined>;
  const cell = (values: Record<string, string>, column: string | undefined) => (column ? (values[column] ?? '').trim() : '');
  const dateOrder = settleDateOrder(col.date ? sheet.rows.map((r) => cell(r.values, col.date)) : []);

  const orders = new Map<string, PlannedOrder>();
  // Lines of each order past MAX_ORDER_LINES: such an order keeps no more items than the cap (the plan crosses from
  // the worker thread to the service, so an order of 200,000 lines must not come with it), and is refused at the end.
  const over = new Map<string, number>();
  // A day's file names a few thousand SKUs across 100,000 rows: each (SKU, title) is described once.
  const described = new Map<string, ReturnType<typeof describeItem>>();
  const errors: RowError[] = [];
  let gifts = 0;
  let fulfilled = 0;

  for (const { row, values } of sheet.rows) {
    const orderNumber = cell(values, col.order).replace(/^'+/, '').trim();
    const title = cell(values, col.item);
    const sku = cleanCode(cell(values, col.sku));
    if (isGiftItem(sku, title, cell(values, col.handle))) {
      gifts++;
      continue;
    }
    if (FULFILLED.test(cell(values, col.fulfilled))) {
      fulfilled++;
      continue;
    }
    const missing = [orderNumber ? null : 'Order #', title ? null : 'Item', sku ? null : 'SKU'].filter((m) => m !== null);
    if (missing.length > 0) {
      errors.push({ row, error: `Missing required fields: ${missing.join(', ')}` });
      continue;
    }
    if (orderNumber.length > MAX_ORDER_NUMBER) {
      errors.push({ row, error: `Order # must be at most ${MAX_ORDER_NUMBER} characters` });
      continue;
    }
    const badSku = skuProblem(sku);
    if (badSku !== null) {
      errors.push({ row, error: badSku });
      continue;
    }
    const quantity = wholeNumber(cell(values, col.quantity), 'Quantity', MAX_QUANTITY);
    if (typeof quantity === 'string') {
      errors.push({ row, error: quantity });
      continue;
    }
    const priority = wholeNumber(cell(values, col.priority), 'Priority', MAX_PRIORITY);
    if (typeof priority === 'string') {
      errors.push({ row, error: priority });
      continue;
    }
    const rawValue = cell(values, col.value);
    const value = rawValue === '' ? null : moneyCell(rawValue);
    if (rawValue !== '' && value === null) {
      errors.push({ row, error: `${MONEY_MESSAGE} (got "${rawValue}")` });
      continue;
    }
    const rawDate = cell(values, col.date);
    const orderDate = rawDate === '' ? null : parseSheetDate(rawDate, dateOrder);
    if (rawDate !== '' && orderDate === null) {
      errors.push({ row, error: `Order date '${rawDate}' is not a date (use DD/MM/YYYY or YYYY-MM-DD)` });
      continue;
    }

    const key = orderNumber.toUpperCase();
    let order = orders.get(key);
    if (!order) {
      order = { order_number: orderNumber, key, priority, order_date: orderDate, items: [] };
      orders.set(key, order);
    } else {
      // A Shopify export carries the order's own fields on its first line only.
      if (order.order_date === null) order.order_date = orderDate;
      if (order.priority === 1) order.priority = priority;
    }
    if (order.items.length === MAX_ORDER_LINES) {
      over.set(key, (over.get(key) ?? 0) + 1);
      continue;
    }
    const describeKey = `${sku}\u0000${title}`;
    let description = described.get(describeKey);
    if (!description) {
      description = describeItem(sku, title);
      described.set(describeKey, description);
    }
    const { style_code, style_name, size, color } = description;
    order.items.push({ style_code, style_name, size, color, sku, quantity, value, row });
  }
  for (const [key, extra] of over) {
    const order = orders.get(key)!;
    orders.delete(key);
    errors.push({ row: order.items[0]!.row, error: orderLinesProblem(order.order_number, MAX_ORDER_LINES + extra) });
  }
  if (over.size > 0) errors.sort((a, b) => a.row - b.row);
  return { orders: withinOrderUnits([...orders.values()], errors), errors, skipped_gift_vouchers: gifts, skipped_fulfilled: fulfilled };
}

// Quantity and Priority: 1 when the column is absent or the cell empty; else the number, or what is wrong with it.
function wholeNumber(text: string, name: string, max: number): number | string {
  const n = text === '' ? 1 : wholeNumberCell(text);
  if (n === null || n < 1) return `${name} must be a whole number of at least 1`;
  return n > max ? `${name} must be at most ${max}` : n;
}
const MAX_PRIORITY = 1_000_000;

// An order's units in all must fit its total (MAX_ORDER_UNITS): an order past it is not imported, and each of its rows
// says why.
function withinOrderUnits(orders: PlannedOrder[], errors: RowError[]): PlannedOrder[] {
  return orders.filter((order) => {
    const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
    if (units <= MAX_ORDER_UNITS) return true;
    for (const item of order.items) errors.push({ row: item.row, error: `Order ${order.order_number} has ${units} units in all; an order may hold at most ${MAX_ORDER_UNITS}` });
    return false;
  });
}

const SIZE_WORDS: Record<string, string> = { FS: 'Free Size', 'FREE SIZE': 'Free Size', FREESIZE: 'Free Size' };

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s/-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

// SKU = style code, size and colour joined by hyphens ('FS' is Free Size). The item text ("Cable Jumper 010 -
// 12 / Wine", as Shopify names line items) gives the style name, and size and colour when the SKU lacks them.
export function describeItem(sku: string, title: string): { style_code: string; style_name: string; size: string; color: string } {
  const [style = sku, size = '', ...colour] = sku.split('-').filter((p) => p !== '');
  const dash = title.lastIndexOf(' - ');
  const variant = dash > 0 ? title.slice(dash + 3).trim() : '';
  const isVariant = variant.includes('/') || /^(?:free size|\d{1,2})$/i.test(variant);
  const styleName = isVariant ? title.slice(0, dash).trim() : title.trim();
  const [variantSize = '', variantColour = ''] = isVariant ? variant.split('/').map((p) => p.trim()) : [];
  const sizeText = size || variantSize;
  const colourText = colour.join('-') || variantColour;
  return {
    style_code: style,
    style_name: styleName || style,
    size: SIZE_WORDS[sizeText.toUpperCase()] ?? sizeText,
    color: titleCase(colourText),
  };
}

export const orderImportPlanner = sheetPlanner(import.meta.url, planOrderImport);
