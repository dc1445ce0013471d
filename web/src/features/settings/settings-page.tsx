import { PageHeader } from '../../components/page-header.tsx';

export function SettingsPage() {
  return (
    <section className="page">
      <PageHeader title="Settings" />
      <div className="card card-muted">
        <p>Settings coming soon</p>
      </div>
    </section>
  );
}
