import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import './print.css';

export interface PrintPageProps {
  /** The page's heading and the document's title (what a saved PDF is named after). */
  title: string;
  /** What will print ('12 labels'), beside the Print button; null while loading or refused. */
  summary: ReactNode;
  /** The loading line or the error box, shown instead of the sheet. */
  status: ReactNode;
  children: ReactNode;
}

/**
 * A print view: a page of its own (no app chrome), an A4 sheet for the browser's print, and a toolbar that the
 * print leaves out.
 */
export function PrintPage({ title, summary, status, children }: PrintPageProps) {
  return (
    <main className="print-page">
      <title>{title}</title>
      <div className="print-toolbar">
        <div>
          <h1 className="print-title">{title}</h1>
          <p className="muted" role="status">
            {summary}
          </p>
        </div>
        {summary !== null ? <Button onPress={() => window.print()}>Print</Button> : null}
      </div>
      {status ?? children}
    </main>
  );
}
