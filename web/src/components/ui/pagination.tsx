import { Button } from './button.tsx';
import { pageWindow } from './page-window.ts';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  /** At most this many page buttons, around the current page; all pages when absent. */
  maxButtons?: number;
}

/** Previous, the page numbers, Next. Shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination', maxButtons }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, maxButtons);
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pages.map((n) => (
        <Button
          key={n}
          variant={n === page ? 'primary' : 'secondary'}
          size="sm"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onPress={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="secondary" size="sm" isDisabled={page >= totalPages} onPress={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
