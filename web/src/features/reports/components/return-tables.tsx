import { FIT_FLAG_RULE } from '@wh/contracts/reports/fit-flag';
import { RETURN_STYLES_SHOWN, type FitFlagged, type ReturnStyle } from '@wh/contracts/reports/http';
import { Badge } from '../../../components/ui/badge.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../../components/ui/table.tsx';
import { formatRate } from '../report-options.ts';
import { fitLabel, mainReasons, returnRows } from '../return-figures.ts';

/** The sizes whose fit returns lean one way, with the rule that says so. */
export function FitFlagsSection({ flagged }: { flagged: readonly FitFlagged[] }) {
  return (
    <section className="card" aria-labelledby="fit-flags-title">
      <h2 className="card-title" id="fit-flags-title">
        Sizes that run small or large
      </h2>
      <p className="muted small">{FIT_FLAG_RULE}</p>
      {flagged.length === 0 ? (
        <p className="muted">No size leans one way in this period.</p>
      ) : (
        <Table aria-label="Sizes that run small or large" stackOnMobile>
          <TableHeader>
            <Column isRowHeader>Style</Column>
            <Column>Size</Column>
            <Column>Fit</Column>
            <Column>Too Small</Column>
            <Column>Too Large</Column>
            <Column>Returned</Column>
            <Column>Shipped</Column>
          </TableHeader>
          <TableBody items={flagged.map((f) => ({ ...f, id: `${f.style_code} ${f.size}` }))}>
            {(f) => (
              <Row id={f.id}>
                <Cell label="Style">{f.style_name ? `${f.style_code} ${f.style_name}` : f.style_code}</Cell>
                <Cell label="Size">{f.size}</Cell>
                <Cell label="Fit">
                  <Badge tone={f.flag === 'runs_small' ? 'warning' : 'info'}>{fitLabel(f.flag)}</Badge>
                </Cell>
                <Cell label="Too Small">{f.too_small}</Cell>
                <Cell label="Too Large">{f.too_large}</Cell>
                <Cell label="Returned">{f.returned}</Cell>
                <Cell label="Shipped">{f.shipped}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** The styles with most units returned, each with its sizes: shipped, returned, the rate, the main reasons and fit. */
export function ReturnStylesSection({ styles, style, count }: { styles: readonly ReturnStyle[]; style: string | null; count: number }) {
  const rows = returnRows(styles);
  return (
    <section className="card" aria-labelledby="return-styles-title">
      <h2 className="card-title" id="return-styles-title">
        {style ? `Returns of ${style}` : 'Most returned styles'}
      </h2>
      {!style && count > styles.length ? (
        <p className="muted small">
          The {RETURN_STYLES_SHOWN} styles with most units returned of {count.toLocaleString()}; the export lists every one.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">{style ? `Nothing of ${style} was shipped or returned in this period.` : 'Nothing was returned in this period.'}</p>
      ) : (
        <Table aria-label="Returns by style and size" stackOnMobile>
          <TableHeader>
            <Column isRowHeader>Style</Column>
            <Column>Size</Column>
            <Column>Shipped</Column>
            <Column>Returned</Column>
            <Column>Return Rate</Column>
            <Column>Main Reasons</Column>
            <Column>Fit</Column>
          </TableHeader>
          <TableBody items={rows}>
            {(r) => (
              <Row id={r.id} className={r.whole ? 'return-style-row' : ''}>
                <Cell label="Style">{r.whole && r.style_name ? `${r.style_code} ${r.style_name}` : r.style_code}</Cell>
                <Cell label="Size">{r.size}</Cell>
                <Cell label="Shipped">{r.shipped}</Cell>
                <Cell label="Returned">{r.returned}</Cell>
                <Cell label="Return Rate">{formatRate(r.rate)}</Cell>
                <Cell label="Main Reasons">{mainReasons(r.reasons)}</Cell>
                <Cell label="Fit">{r.flag ? <Badge tone={r.flag === 'runs_small' ? 'warning' : 'info'}>{fitLabel(r.flag)}</Badge> : null}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
