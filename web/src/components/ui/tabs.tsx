import type { ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  label: string;
  items: readonly TabItem[];
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (key: string) => void;
}

export function Tabs({ label, items, selectedKey, defaultSelectedKey, onSelectionChange }: TabsProps) {
  return (
    <AriaTabs
      className="tabs"
      {...(selectedKey !== undefined ? { selectedKey } : {})}
      {...(defaultSelectedKey !== undefined ? { defaultSelectedKey } : {})}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
    >
      <AriaTabList aria-label={label} className="tab-list">
        {items.map((t) => (
          <AriaTab key={t.id} id={t.id} className="tab" isDisabled={t.isDisabled ?? false}>
            {t.label}
          </AriaTab>
        ))}
      </AriaTabList>
      {items.map((t) => (
        <AriaTabPanel key={t.id} id={t.id} className="tab-panel">
          {t.content}
        </AriaTabPanel>
      ))}
    </AriaTabs>
  );
}
