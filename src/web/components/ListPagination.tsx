import { Pagination } from '@primer/react';

type ListPaginationProps = {
  total: number;
  perPage: number;
  page: number;
  /** The link of a page, for real anchors. */
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
};

/** Page links under a list; nothing when everything fits on one page. */
export function ListPagination({ total, perPage, page, hrefFor, onPage }: ListPaginationProps) {
  if (total <= perPage) return null;
  return (
    <Pagination
      pageCount={Math.ceil(total / perPage)}
      currentPage={page}
      hrefBuilder={hrefFor}
      onPageChange={(event, next) => {
        event.preventDefault();
        onPage(next);
      }}
    />
  );
}
