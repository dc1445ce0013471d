import type { OrderUploadResult } from '../api/orders-api.ts';
import { noStockLines, rowErrorLines } from '../upload-result.ts';

/** What an upload did: its figures and each row it refused. */
export function UploadResultPanel({ result }: { result: OrderUploadResult }) {
  const lines = rowErrorLines(result.errors);
  const noStock = noStockLines(result.no_stock, result.no_stock_orders);
  return (
    <div className={`upload-result ${result.success ? 'upload-result-ok' : 'upload-result-failed'}`} role="status">
      <p className="upload-result-title">{result.success ? 'Upload Successful' : 'Upload Failed'}</p>
      {result.message ? <p>{result.message}</p> : null}
      <dl className="upload-result-figures">
        <div>
          <dt>Orders processed</dt>
          <dd>{result.total_orders}</dd>
        </div>
        <div>
          <dt>Items processed</dt>
          <dd>{result.total_items}</dd>
        </div>
        <div>
          <dt>Invalid items</dt>
          <dd>{result.invalid_items}</dd>
        </div>
        <div>
          <dt>Skipped gift vouchers</dt>
          <dd>{result.skipped_gift_vouchers}</dd>
        </div>
        {result.skipped_existing_orders > 0 ? (
          <div>
            <dt>Already imported (skipped)</dt>
            <dd>{result.skipped_existing_orders}</dd>
          </div>
        ) : null}
        {result.no_stock_orders > 0 ? (
          <div>
            <dt>Orders with no stock anywhere</dt>
            <dd>{result.no_stock_orders}</dd>
          </div>
        ) : null}
        {result.skipped_fulfilled > 0 ? (
          <div>
            <dt>Fulfilled rows skipped</dt>
            <dd>{result.skipped_fulfilled}</dd>
          </div>
        ) : null}
      </dl>
      {noStock.length > 0 ? (
        <ul className="upload-no-stock" aria-label="Orders with items no location holds">
          {noStock.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {lines.length > 0 ? (
        <ul className="upload-errors" aria-label="Row errors">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The file format an upload takes. */
export function UploadHelp() {
  return (
    <div className="upload-help">
      <p className="upload-help-title">File format</p>
      <ul>
        <li>Required columns: Order #, Item, SKU</li>
        <li>Optional columns: Value, is Fulfilled</li>
        <li>Alternative column names: Order, Title, VALUE, IS FULFILLED</li>
        <li>SKU is the style code, size and colour joined by hyphens (e.g. KN1010-12-WINE)</li>
        <li>An Order # may repeat for several items</li>
        <li>Gift vouchers and gift cards are skipped automatically</li>
        <li>Maximum file size: 10MB</li>
      </ul>
    </div>
  );
}
