import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StorageUtilisationCard } from '../../../components/storage-utilisation-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StatCard, StatCards } from '../../../components/ui/stat-card.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { inventoryReportQuery } from '../api/reports-api.ts';
import { insightCards } from '../report-options.ts';

const LOW_STOCK_ROWS = 20;

/** Inventory Status (spec section 2): quick stats, storage utilisation, and the status summary's three cards from real data. */
export function InventoryReport({ threshold }: { threshold: number }) {
  const status = useQuery(inventoryReportQuery(threshold));
  const [showAll, setShowAll] = useState(false);
  if (status.isError || !status.data) return <QueryState query={status} loading="Loading inventory status..." failure="Failed to fetch inventory status" />;
  const s = status.data;
  const cards = insightCards(s);
  const rows = showAll ? s.low_stock_alerts : s.low_stock_alerts.slice(0, LOW_STOCK_ROWS);
  return (
    <div className="report-body" aria-busy={status.isFetching || undefined}>
      <section aria-labelledby="inv-quick-title" className="card">
        <h2 className="card-title" id="inv-quick-title">
          Quick Stats
        </h2>
        <StatCards>
          <StatCard label="Total Styles" value={s.total_styles.toLocaleString()} note={`${s.total_skus.toLocaleString()} SKUs`} />
          <StatCard label="Total Stock" value={s.total_stock.toLocaleString()} note="units in the warehouse" />
          <StatCard label="Low Stock Items" value={s.low_stock_count.toLocaleString()} note={`at or below ${threshold} units`} tone={s.low_stock_count > 0 ? 'yellow' : 'neutral'} />
          <StatCard label="Out of Stock" value={s.out_of_stock_count.toLocaleString()} tone={s.out_of_stock_count > 0 ? 'red' : 'neutral'} />
        </StatCards>
      </section>

      <StorageUtilisationCard bins={s.bin_utilization} racks={s.rack_utilization} />

      {/* The status summary: the spec's three cards, read from the figures. */}
      <ul className="report-insights" aria-label="Status summary">
        {cards.map((c) => (
          <li key={c.title} className={`card report-insight report-insight-${c.tone}`}>
            <h3 className="report-insight-title">{c.title}</h3>
            <p>{c.text}</p>
          </li>
        ))}
      </ul>

      <section className="card" aria-labelledby="inv-low-title">
        <h2 className="card-title" id="inv-low-title">
          Low Stock Items
        </h2>
        {s.low_stock_alerts.length === 0 ? (
          <p className="muted">Every item is above {threshold} units.</p>
        ) : (
          <>
            <Table aria-label="Low stock items" stackOnMobile>
              <TableHeader>
                <Column isRowHeader>SKU</Column>
                <Column>Style</Column>
                <Column>Colour</Column>
                <Column>Size</Column>
                <Column>In Stock</Column>
                <Column>Status</Column>
              </TableHeader>
              <TableBody items={rows.map((a) => ({ ...a, id: a.sku }))}>
                {(a) => (
                  <Row id={a.sku}>
                    <Cell label="SKU">{a.sku}</Cell>
                    <Cell label="Style">{a.style_name}</Cell>
                    <Cell label="Colour">{a.color}</Cell>
                    <Cell label="Size">{a.size}</Cell>
                    <Cell label="In Stock">{a.current_quantity}</Cell>
                    <Cell label="Status">
                      {a.current_quantity === 0 ? <Badge tone="danger">Out of Stock</Badge> : <Badge tone="warning">Low Stock</Badge>}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
            <p className="muted small report-more">
              {rows.length < s.low_stock_alerts.length ? (
                <Button size="sm" variant="secondary" onPress={() => setShowAll(true)}>
                  Show {s.low_stock_alerts.length.toLocaleString()}
                </Button>
              ) : null}
              {s.low_stock_count > rows.length ? ` The ${rows.length} lowest of ${s.low_stock_count.toLocaleString()}; the export lists them all.` : null}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
