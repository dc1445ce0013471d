import { Checkbox as AriaCheckbox } from 'react-aria-components';
import { Cell, Column } from './table.tsx';

// Selection checkboxes for a Table with selectionMode="multiple". The header box selects every selectable row
// and shows the indeterminate state when only some are selected; the Aria table wires both and labels them.
function SelectionBox() {
  return (
    <AriaCheckbox slot="selection" className="checkbox table-checkbox">
      {({ isSelected, isIndeterminate }) => (
        <span className="checkbox-box" aria-hidden="true">
          {isIndeterminate ? '–' : isSelected ? '✓' : ''}
        </span>
      )}
    </AriaCheckbox>
  );
}

export function SelectAllColumn() {
  return (
    <Column width={48}>
      <SelectionBox />
    </Column>
  );
}

export function SelectRowCell() {
  return (
    <Cell>
      <SelectionBox />
    </Cell>
  );
}
