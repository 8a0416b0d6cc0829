import { Pagination } from '@primer/react';
import { useSearchParams } from 'react-router';

/** The page of a repository list, from `?page=` (1 when missing or not a number). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return Math.max(1, Number(params.get('page')) || 1);
}

/** Page links under a repository list, kept in `?page=`; nothing when everything fits on one page. */
export function PageLinks({ total, perPage }: { total: number | undefined; perPage: number }) {
  const [, setParams] = useSearchParams();
  const page = usePageParam();
  const pageCount = total ? Math.ceil(total / perPage) : 0;
  if (pageCount <= 1) return null;
  return (
    <Pagination
      pageCount={pageCount}
      currentPage={page}
      onPageChange={(event, next) => {
        event.preventDefault();
        setParams({ page: String(next) });
      }}
    />
  );
}
