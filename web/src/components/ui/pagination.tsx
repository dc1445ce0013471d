import { Button } from './button.tsx';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Previous, every page number, Next. Shown only when there is more than one page. */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
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
