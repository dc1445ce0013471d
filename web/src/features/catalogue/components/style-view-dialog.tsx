import type { Style } from '@wh/contracts/catalogue/http';
import { compareVariants, inSizeOrder } from '@wh/contracts/platform/sizes';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { barcodeLabel, StyleBarcodes } from './style-barcodes.tsx';

export interface StyleViewDialogProps {
  style: Style;
  onClose: () => void;
  onEdit: () => void;
  /** The style as a barcode command answered it. */
  onChanged: (style: Style) => void;
}

export function StyleViewDialog({ style, onClose, onEdit, onChanged }: StyleViewDialogProps) {
  return (
    <Dialog title={`${style.style_code} · ${style.name}`} isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {/* Links, not pictures: the images live on the shop's hosts, which the page's Content-Security-Policy
          (img-src 'self' data:) keeps it from loading. */}
      {style.images.length > 0 ? (
        <ul className="style-images">
          {style.images.slice(0, 4).map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                Image {i + 1}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="detail-list">
        <div>
          <dt>Type</dt>
          <dd>{style.is_jeans ? 'Jeans' : 'Regular'}</dd>
        </div>
        <div>
          <dt>Sizes</dt>
          <dd>{inSizeOrder(style.sizes).join(', ') || 'Free Size'}</dd>
        </div>
        <div>
          <dt>Colours</dt>
          <dd>{style.colors.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Variants</dt>
          <dd>{style.variant_count}</dd>
        </div>
        <div>
          <dt>Total Stock</dt>
          <dd>{style.total_stock}</dd>
        </div>
      </dl>
      <Table aria-label={`Variants of ${style.style_code}`}>
        <TableHeader>
          <Column isRowHeader>SKU</Column>
          <Column>Size</Column>
          <Column>Colour</Column>
          <Column>Quantity</Column>
          <Column>Barcodes</Column>
        </TableHeader>
        <TableBody items={style.variants.map((v) => ({ ...v, style_code: style.style_code, id: v.sku })).sort(compareVariants)} renderEmptyState={() => <p className="table-empty">No variants</p>}>
          {(v) => (
            <Row id={v.id}>
              <Cell>{v.sku}</Cell>
              <Cell>{v.size}</Cell>
              <Cell>{v.color}</Cell>
              <Cell>{v.quantity}</Cell>
              <Cell>{v.barcodes.map(barcodeLabel).join(', ') || '—'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <StyleBarcodes style={style} onChanged={onChanged} />
      <DialogActions>
        <Button variant="secondary" onPress={onEdit}>
          Edit
        </Button>
        <Button onPress={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
