import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { BARCODE_KIND_LABELS, barcodeKindOf, INTERNAL_BARCODE_PREFIX, parseBarcode } from '@wh/contracts/catalogue/barcodes';
import type { Style } from '@wh/contracts/catalogue/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { RemovableTags } from '../../../components/ui/tag-group.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { addBarcodeCommand, removeBarcodeCommand } from '../api/styles-api.ts';

export interface StyleBarcodesProps {
  style: Style;
  /** The style as a command answered it. */
  onChanged: (style: Style) => void;
}

/** A barcode as the screens show it: its code and kind. */
export const barcodeLabel = (code: string) => {
  const kind = barcodeKindOf(code);
  return kind ? `${code} · ${BARCODE_KIND_LABELS[kind]}` : code;
};

/** The style's barcodes: a form giving a SKU one, and each SKU's barcodes to take off. */
export function StyleBarcodes({ style, onChanged }: StyleBarcodesProps) {
  return (
    <section className="stack" aria-labelledby="style-barcodes-title">
      <h3 id="style-barcodes-title">Barcodes</h3>
      {style.variants.length > 0 ? <AddBarcodeForm style={style} onChanged={onChanged} /> : null}
      <BarcodeList style={style} onChanged={onChanged} />
    </section>
  );
}

function AddBarcodeForm({ style, onChanged }: StyleBarcodesProps) {
  const [sku, setSku] = useState(style.variants[0]?.sku ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);
  const add = useCommand(addBarcodeCommand);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The rule the server holds it to, checked here first so the message comes at once.
    const reading = parseBarcode(code);
    if (!reading.ok) return setError(reading.error);
    add.run(
      { styleId: style.id, body: { sku, barcode: code } },
      {
        onSuccess: (saved) => {
          setCode('');
          setAdded(`Barcode ${reading.barcode.code} added to ${sku}`);
          onChanged(saved);
        },
        onError: (cause) => setError(messageOf(cause, addBarcodeCommand.fallbackError)),
      },
    );
  };

  return (
    <Form className="form-grid" onSubmit={submit} validationBehavior="aria">
      <Select
        label="SKU"
        options={style.variants.map((v) => ({ id: v.sku, label: v.sku }))}
        value={sku}
        onChange={(value) => {
          setSku(value);
          setError(undefined);
        }}
      />
      <TextField
        label="Barcode"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
          setAdded(null);
        }}
        errorMessage={error}
        description={`EAN-13, UPC-A, GTIN-14 or EAN-8; or an internal code: ${INTERNAL_BARCODE_PREFIX} and 4 to 21 letters or digits`}
      />
      <div className="form-actions">
        <Button type="submit" isDisabled={add.isPending} aria-busy={add.isPending || undefined}>
          Add Barcode
        </Button>
        <span className="muted small" role="status">
          {added}
        </span>
      </div>
    </Form>
  );
}

function BarcodeList({ style, onChanged }: StyleBarcodesProps) {
  const remove = useCommand(removeBarcodeCommand);
  const carrying = style.variants.filter((v) => v.barcodes.length > 0);
  if (carrying.length === 0) return <p className="muted">No SKU of this style has a barcode yet.</p>;
  return (
    <div className="stack">
      {remove.error ? <Alert onDismiss={remove.reset}>{remove.error}</Alert> : null}
      {carrying.map((v) => (
        <div key={v.sku} className="tag-row">
          <strong>{v.sku}</strong>
          <RemovableTags
            label={`Barcodes of ${v.sku}`}
            items={v.barcodes.map((b) => ({ id: b, label: barcodeLabel(b) }))}
            onRemove={(barcode) => remove.run({ styleId: style.id, barcode }, { onSuccess: onChanged })}
          />
        </div>
      ))}
    </div>
  );
}
