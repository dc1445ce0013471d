import { ComingLater } from '../../components/coming-later.tsx';

export function OrderVerificationPage() {
  return <ComingLater title="Order Verification" subtitle="Verify and approve completed orders (Executive 2 only)" work="orders" />;
}
