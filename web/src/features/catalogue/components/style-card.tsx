import type { Style } from '@wh/contracts/catalogue/http';
import { inSizeOrder } from '@wh/contracts/platform/sizes';
import { Button } from '../../../components/ui/button.tsx';
import { CardGridItem } from '../../../components/ui/card-grid.tsx';
import { cardColours } from '../style-form.ts';

export function StyleCard({ style, onView, onEdit }: { style: Style; onView: () => void; onEdit: () => void }) {
  const { shown, more } = cardColours(style.colors);
  return (
    <CardGridItem>
      <div className="style-card-head">
        <div>
          <h2 className="style-code">{style.style_code}</h2>
          <p className="style-name">{style.name}</p>
        </div>
        {style.is_jeans ? <span className="chip">Jeans</span> : null}
      </div>
      <div className="chip-list" aria-label="Colours">
        {shown.map((c) => (
          <span key={c} className="chip chip-muted">
            {c}
          </span>
        ))}
        {more > 0 ? <span className="chip chip-muted">+{more}</span> : null}
        {shown.length === 0 ? <span className="muted small">No colours</span> : null}
      </div>
      <p className="muted small">
        Sizes: {inSizeOrder(style.sizes).join(', ') || 'Free Size'} · {style.variant_count} variants · {style.total_stock} in stock
      </p>
      <div className="row-actions">
        <Button size="sm" variant="secondary" onPress={onView} aria-label={`View ${style.style_code}`}>
          View
        </Button>
        <Button size="sm" variant="ghost" onPress={onEdit} aria-label={`Edit ${style.style_code}`}>
          Edit
        </Button>
      </div>
    </CardGridItem>
  );
}
