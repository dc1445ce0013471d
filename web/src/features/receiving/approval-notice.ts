import type { OverCapacity } from '@wh/contracts/platform/stock';

/** What the stock approval screen says above its panels: the last decision's outcome, or the last failure. */
export interface ApprovalNotice {
  error: string | null;
  success: string | null;
  /** Unlike the success message, a capacity warning stays until dismissed or the next decision. */
  overCapacity: readonly OverCapacity[];
}

export type ApprovalNoticeAction =
  | { type: 'decided'; message: string; overCapacity: readonly OverCapacity[] }
  | { type: 'failed'; message: string }
  | { type: 'dismiss'; what: 'error' | 'success' | 'overCapacity' };

export const NO_NOTICE: ApprovalNotice = { error: null, success: null, overCapacity: [] };

export function approvalNoticeReducer(notice: ApprovalNotice, action: ApprovalNoticeAction): ApprovalNotice {
  switch (action.type) {
    case 'decided':
      return { error: null, success: action.message, overCapacity: action.overCapacity };
    case 'failed':
      return { error: action.message, success: null, overCapacity: [] };
    case 'dismiss':
      return { ...notice, [action.what]: action.what === 'overCapacity' ? [] : null };
  }
}
