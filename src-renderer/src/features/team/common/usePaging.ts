import { useEffect, useState } from 'react';

/** The server's default page size (src-shared/api/envelope.ts PageQuery). */
export const DEFAULT_PAGE_SIZE = 20;

export interface Paging {
  page: number;
  pageSize: number;
}

/** Page and page size of a server-paged table; a new page size starts again at page 1. */
export function usePaging(initial: Paging = { page: 1, pageSize: DEFAULT_PAGE_SIZE }) {
  const [paging, setPaging] = useState(initial);
  const onChange = (page: number, pageSize: number) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize });
  return { paging, setPaging, onChange };
}

/** When rows are removed (here or elsewhere) and the page runs empty, step back to the last page with rows. */
export function useStayOnExistingPage(data: { list: unknown[]; total: number } | undefined, paging: Paging, setPaging: (p: Paging) => void) {
  useEffect(() => {
    if (!data || data.list.length > 0 || paging.page === 1) return;
    const lastPage = Math.max(1, Math.ceil(data.total / paging.pageSize));
    if (lastPage < paging.page) setPaging({ ...paging, page: lastPage });
  }, [data, paging, setPaging]);
}
