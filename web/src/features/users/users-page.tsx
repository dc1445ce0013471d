import { useReducer } from 'react';
import { useAtomValue } from 'jotai';
import type { User } from '@wh/contracts/users/http';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { useNow } from '../../lib/timers.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { usersListQuery } from './api/users-api.ts';
import { LoginActivityPanel } from './components/login-activity-panel.tsx';
import { UserDialogs } from './components/user-dialogs.tsx';
import { UsersFilterBar } from './components/users-filter-bar.tsx';
import { UsersList } from './components/users-list.tsx';
import type { UserAction } from './components/users-table.tsx';
import { useRowCommands } from './use-row-commands.ts';
import { INITIAL_USERS_PAGE, shownUsers, usersPageReducer } from './users-page-state.ts';

const CLOCK_MS = 60_000;

export function UsersPage() {
  const me = useAtomValue(signedInUserAtom);
  const now = useNow(CLOCK_MS);
  const [state, dispatch] = useReducer(usersPageReducer, INITIAL_USERS_PAGE);
  const rows = useRowCommands();
  const list = useScreenQuery(usersListQuery(state.filter));

  const onAction = (action: UserAction, user: User) => {
    rows.dismiss();
    switch (action) {
      case 'toggle':
        return rows.toggle(user);
      case 'restore':
        return rows.restore(user);
      case 'details':
      case 'edit':
      case 'password':
      case 'delete':
        return dispatch({ type: 'open', dialog: { kind: action, user } });
    }
  };

  if (!me) return null;

  return (
    <section className="page">
      <PageHeader
        title="User Management"
        subtitle="Create and manage staff accounts, roles and access"
        actions={<Button onPress={() => dispatch({ type: 'open', dialog: { kind: 'create' } })}>Add User</Button>}
      />
      {rows.error ? <Alert onDismiss={rows.dismiss}>{rows.error}</Alert> : null}
      <LoginActivityPanel now={now} />
      <UsersFilterBar state={state} dispatch={dispatch} />
      <UsersList
        list={list}
        shown={shownUsers(state, list.data?.users ?? [])}
        currentUserId={me.id}
        now={now}
        busyUserId={rows.busyUserId}
        onAction={onAction}
        onPageChange={(page) => dispatch({ type: 'page', page })}
      />
      <UserDialogs dialog={state.dialog} dispatch={dispatch} />
    </section>
  );
}
