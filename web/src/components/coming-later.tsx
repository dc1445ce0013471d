import { PageHeader } from './page-header.tsx';

export type LaterWork = 'orders' | 'inventory' | 'reports';

/** Stand-in for a screen a later issue builds, so routing, guards and navigation work now. */
export function ComingLater({ title, subtitle, work }: { title: string; subtitle?: string; work: LaterWork }) {
  return (
    <section className="page">
      <PageHeader title={title} subtitle={subtitle} />
      <div className="card card-muted">
        <p>This screen arrives with the {work} work.</p>
      </div>
    </section>
  );
}
