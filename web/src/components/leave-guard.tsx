import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

export interface LeaveGuardProps {
  /** Work typed on this screen and not sent yet. */
  unsaved: boolean;
  /** What is not sent, as the question names it ('You have 3 stock entry rows not sent yet'). */
  what: string;
}

/**
 * Asks before leaving a screen with work not sent yet: going to another screen of the app asks here (a tab or filter
 * of the same screen does not), closing or reloading the browser tab asks with the browser's own question. The work
 * stays as a draft either way; the question is so that nobody walks away thinking it was sent.
 */
export function LeaveGuard({ unsaved, what }: LeaveGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the standard preventDefault() ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without sending?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="primary"
      fallbackError="Could not leave this page"
      onClose={() => blocker.reset()}
      onConfirm={async () => blocker.proceed()}
    >
      <p>
        You have {what} not sent yet. A draft stays on this device for you, and is here when you come back.
      </p>
    </ConfirmDialog>
  );
}
