import type { ReactNode } from 'react';
import { Menu as AriaMenu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { Button, type ButtonProps } from './button.tsx';

export interface MenuAction<K extends string = string> {
  id: K;
  label: string;
  // Shown under the label; for a disabled action, why it is unavailable.
  description?: string | null;
  isDisabled?: boolean;
  tone?: 'danger';
}

export interface ActionMenuProps<K extends string> {
  label: ReactNode;
  'aria-label'?: string;
  actions: readonly MenuAction<K>[];
  onAction: (id: K) => void;
  size?: ButtonProps['size'];
}

export function ActionMenu<K extends string>({ label, actions, onAction, size = 'sm', ...rest }: ActionMenuProps<K>) {
  const disabledKeys = actions.filter((a) => a.isDisabled).map((a) => a.id);
  return (
    <MenuTrigger>
      <Button size={size} variant="ghost" aria-label={rest['aria-label']}>
        {label}
      </Button>
      <Popover className="popover" placement="bottom end">
        <AriaMenu className="listbox menu" disabledKeys={disabledKeys} onAction={(key) => onAction(String(key) as K)}>
          {actions.map((action) => (
            <MenuItem
              key={action.id}
              id={action.id}
              textValue={action.label}
              className={`listbox-item menu-item ${action.tone === 'danger' ? 'menu-item-danger' : ''}`}
            >
              <Text slot="label">{action.label}</Text>
              {action.description ? (
                <Text slot="description" className="menu-item-description">
                  {action.description}
                </Text>
              ) : null}
            </MenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
