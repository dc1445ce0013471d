import type { ReactNode } from 'react';
import { Button as AriaButton, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from 'react-aria-components';

export interface DisclosureProps {
  title: ReactNode;
  children: ReactNode;
  isExpanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  defaultExpanded?: boolean;
  /** The heading's level in the page's outline: a panel right under the page title is level 2. */
  level?: 2 | 3 | 4;
}

/** A collapsible card: the heading is the toggle button. */
export function Disclosure({ title, children, level = 2, ...state }: DisclosureProps) {
  return (
    <AriaDisclosure className="disclosure card" {...state}>
      <Heading className="disclosure-heading" level={level}>
        <AriaButton slot="trigger" className="disclosure-trigger">
          <span className="disclosure-chevron" aria-hidden="true">
            ▸
          </span>
          {title}
        </AriaButton>
      </Heading>
      <DisclosurePanel className="disclosure-panel">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
