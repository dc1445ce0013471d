import type { Dispatch } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@wh/contracts/auth/permissions';
import { SearchFilter } from '../../../components/search-filter.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { StatusFilter } from '../api/users-api.ts';
import type { UsersPageAction, UsersPageState } from '../users-page-state.ts';

const ROLE_FILTER_OPTIONS = [{ id: 'all' as const, label: 'All Roles' }, ...ROLES.map((r) => ({ id: r, label: ROLE_LABELS[r] }))];
const STATUS_OPTIONS = [
  { id: 'all' as const, label: 'All' },
  { id: 'active' as const, label: 'Active' },
  { id: 'inactive' as const, label: 'Inactive' },
];

export interface UsersFilterBarProps {
  state: UsersPageState;
  dispatch: Dispatch<UsersPageAction>;
}

export function UsersFilterBar({ state: { filter, searchDraft }, dispatch }: UsersFilterBarProps) {
  return (
    <SearchFilter
      label="Filter users"
      className="filter-bar card"
      placeholder="Search by name, email or username"
      value={searchDraft}
      onChange={(text) => dispatch({ type: 'draft', text })}
      onSearch={(search) => dispatch({ type: 'filter', patch: { search } })}
      submitLabel="Filter"
      onReset={() => dispatch({ type: 'reset' })}
      footer={
        <Checkbox isSelected={filter.includeDeleted} onChange={(includeDeleted) => dispatch({ type: 'filter', patch: { includeDeleted } })}>
          Show deleted users
        </Checkbox>
      }
    >
      <Select<Role | 'all'>
        label="Role"
        options={ROLE_FILTER_OPTIONS}
        value={filter.role}
        onChange={(role) => dispatch({ type: 'filter', patch: { role } })}
      />
      <Select<StatusFilter>
        label="Status"
        options={STATUS_OPTIONS}
        value={filter.status}
        onChange={(status) => dispatch({ type: 'filter', patch: { status } })}
      />
    </SearchFilter>
  );
}
