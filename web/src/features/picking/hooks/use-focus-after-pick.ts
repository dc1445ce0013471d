import { useEffect, useState, type RefObject } from 'react';

/**
 * Where focus goes once a pick by its Pick button has landed: the next unpicked item's Pick button (null: Complete
 * Order or Batch). It moves once nothing is in flight, as the buttons are disabled until then; a scan since the press
 * has put focus on the scan panel, and it stays there.
 */
export function useFocusAfterPick(panel: RefObject<HTMLElement | null>, scanPanel: RefObject<HTMLElement | null>, inFlight: boolean) {
  const [next, setNext] = useState<{ itemId: number | null } | null>(null);
  useEffect(() => {
    if (!next || inFlight) return;
    setNext(null);
    if (scanPanel.current?.contains(document.activeElement)) return;
    const target =
      next.itemId === null
        ? panel.current?.querySelector<HTMLElement>('[data-complete]')
        : panel.current?.querySelector<HTMLElement>(`[data-pick-item="${next.itemId}"]`);
    target?.focus();
  }, [next, inFlight, panel, scanPanel]);
  return (itemId: number | null) => setNext({ itemId });
}
