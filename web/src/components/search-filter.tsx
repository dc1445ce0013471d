import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { SearchField } from './ui/search-field.tsx';

export interface SearchFilterProps {
  /** The search landmark's name, e.g. "Filter users". */
  label: string;
  /** The search box's label. */
  searchLabel?: string;
  placeholder: string;
  /** The text in the box. */
  value: string;
  onChange: (value: string) => void;
  /**
   * Applies a search: the box's text on submit (Enter, or the submit button), '' when the box is cleared. A list
   * filtered as the user types passes the same function as `onChange`.
   */
  onSearch: (search: string) => void;
  /** The submit button's text; no submit button without it. */
  submitLabel?: string;
  /** Shows a Reset button after the submit button. */
  onReset?: () => void;
  /** The form's classes: each screen lays out its own grid of filters. */
  className?: string;
  /** The filters between the search box and the buttons. */
  children?: ReactNode;
  /** What follows the buttons, e.g. a checkbox across the whole row. */
  footer?: ReactNode;
}

/** The search-and-filter form of the list screens: a search landmark holding a search box, filters and buttons. */
export function SearchFilter({
  label,
  searchLabel = 'Search',
  placeholder,
  value,
  onChange,
  onSearch,
  submitLabel,
  onReset,
  className,
  children,
  footer,
}: SearchFilterProps) {
  return (
    <form
      className={className}
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <SearchField
        label={searchLabel}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        onSubmit={onSearch}
        onClear={() => onSearch('')}
        className="filter-search"
      />
      {children}
      {submitLabel || onReset ? (
        <div className="filter-actions">
          {submitLabel ? <Button type="submit">{submitLabel}</Button> : null}
          {onReset ? (
            <Button variant="secondary" onPress={onReset}>
              Reset
            </Button>
          ) : null}
        </div>
      ) : null}
      {footer}
    </form>
  );
}
