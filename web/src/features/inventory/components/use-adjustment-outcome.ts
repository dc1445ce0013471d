import { useEffect, useState } from 'react';
import type { AdjustmentResult } from '@wh/contracts/inventory/http';
import type { SuccessEnvelope } from '@wh/contracts/platform/http';
import { ADJUSTMENT_SUCCESS_MS } from '../options.ts';

/**
 * What the last adjustment came to, from its answer: the success message disappears after 3 seconds (spec section
 * 4); a capacity warning stays until dismissed or the next adjustment.
 */
export function useAdjustmentOutcome(answer: SuccessEnvelope<AdjustmentResult> | undefined) {
  const [hidden, setHidden] = useState<{ answer: typeof answer; success: boolean; overCapacity: boolean }>({ answer, success: false, overCapacity: false });
  // A new answer shows again what an earlier one hid.
  const shown = hidden.answer === answer ? hidden : { answer, success: false, overCapacity: false };
  const r = answer?.data;
  const change = r ? `${r.sku} at ${r.location}: ${r.old_quantity} → ${r.new_quantity}` : '';
  const success = answer && !shown.success ? (answer.message ? `${answer.message} (${change})` : `Inventory adjusted: ${change}`) : null;
  useEffect(() => {
    if (!success) return;
    const id = setTimeout(() => setHidden((h) => ({ ...(h.answer === answer ? h : { overCapacity: false }), answer, success: true })), ADJUSTMENT_SUCCESS_MS);
    return () => clearTimeout(id);
  }, [success, answer]);
  return {
    success,
    overCapacity: r && !shown.overCapacity ? r.over_capacity : [],
    hideOverCapacity: () => setHidden({ ...shown, overCapacity: true }),
  };
}
