import { ComingLater } from '../../components/coming-later.tsx';

export function StylesPage() {
  return <ComingLater title="Style Management" work="inventory" />;
}
