import { Link } from 'react-router-dom';
import type { Role } from '@wh/contracts/auth/permissions';
import { quickActionsFor } from '../dashboard-figures.ts';

export function QuickActions({ role }: { role: Role }) {
  const actions = quickActionsFor(role);
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 className="card-title" id="quick-actions-title">
        Quick Actions
      </h2>
      <ul className="quick-actions">
        {actions.map((a) => (
          <li key={a.label}>
            <Link to={a.to} className="quick-action">
              <span className="quick-action-label">{a.label}</span>
              <span className="quick-action-description">{a.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
