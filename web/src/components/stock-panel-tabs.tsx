import type { QueryKey } from '@tanstack/react-query';
import type { Role } from '@wh/contracts/auth/permissions';
import { LocationSuggestionPanel } from './location-suggestion-panel.tsx';
import { StockUploadPanel } from './stock-upload-panel.tsx';
import type { TabItem } from './ui/tabs.tsx';

/**
 * The File Upload and Location Suggestion tabs that Stock Entry and Inventory both offer (spec section 2: Stock
 * Entry's tabs, Inventory's other panels), each shown once under its own tab. `invalidates` are the calling
 * feature's query keys to refetch after an upload.
 */
export function stockPanelTabs(role: Role, invalidates: readonly QueryKey[]): TabItem[] {
  return [
    {
      id: 'upload',
      label: 'File Upload',
      content: (
        <div className="card">
          <StockUploadPanel role={role} invalidates={invalidates} />
        </div>
      ),
    },
    {
      id: 'suggestion',
      label: 'Location Suggestion',
      content: (
        <div className="card">
          <LocationSuggestionPanel />
        </div>
      ),
    },
  ];
}
