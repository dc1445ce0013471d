import type { ReactNode } from 'react';
import { Button as AriaButton, Label, Tag, TagGroup as AriaTagGroup, TagList, type Key } from 'react-aria-components';

export interface TagItem {
  id: string;
  label: string;
}

export interface RemovableTagsProps {
  label: string;
  items: readonly TagItem[];
  onRemove: (id: string) => void;
  /** Shown after the tags, e.g. a Clear All button. */
  trailing?: ReactNode;
}

/** Removable chips (active filters): each has its own remove button, Backspace/Delete removes the focused one. */
export function RemovableTags({ label, items, onRemove, trailing }: RemovableTagsProps) {
  return (
    <AriaTagGroup className="tag-group" onRemove={(keys: Set<Key>) => keys.forEach((k) => onRemove(String(k)))}>
      <Label className="sr-only">{label}</Label>
      <div className="tag-row">
        <TagList items={items} className="tag-list">
          {(item) => (
            <Tag id={item.id} textValue={item.label} className="tag">
              <span>{item.label}</span>
              <AriaButton slot="remove" className="tag-remove" aria-label={`Remove ${item.label}`}>
                ×
              </AriaButton>
            </Tag>
          )}
        </TagList>
        {trailing}
      </div>
    </AriaTagGroup>
  );
}
