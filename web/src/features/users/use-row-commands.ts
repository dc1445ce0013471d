import { useEffect } from 'react';
import type { User } from '@wh/contracts/users/http';
import { useCommand } from '../../lib/use-command.ts';
import { restoreUserCommand, toggleUserStatusCommand } from './api/users-api.ts';

// A row command's failure shows above the list and clears itself after 5 seconds (spec section 9).
const PAGE_ERROR_MS = 5_000;

/** The commands a row of the users table runs in place: activate or deactivate, and restore. */
export function useRowCommands() {
  const toggle = useCommand(toggleUserStatusCommand);
  const restore = useCommand(restoreUserCommand);
  const { reset: resetToggle } = toggle;
  const { reset: resetRestore } = restore;
  const error = toggle.error ?? restore.error;
  useEffect(() => {
    if (!error) return;
    const id = setTimeout(() => {
      resetToggle();
      resetRestore();
    }, PAGE_ERROR_MS);
    return () => clearTimeout(id);
  }, [error, resetToggle, resetRestore]);

  const busyUserId = toggle.isPending ? (toggle.variables ?? null) : restore.isPending ? (restore.variables ?? null) : null;
  return {
    error,
    busyUserId,
    dismiss: () => {
      resetToggle();
      resetRestore();
    },
    toggle: (user: User) => toggle.run(user.id),
    restore: (user: User) => restore.run(user.id),
  };
}
