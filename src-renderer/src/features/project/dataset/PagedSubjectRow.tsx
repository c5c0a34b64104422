import { memo } from 'react';
import { Flex } from 'antd';
import { useSubjectPageQuery, type SubjectFilters } from '../api/projectDataApi';
import { SUBJECT_PAGE_SIZE, TILE_GAP } from './gridGeometry';
import { SubjectTile } from './SubjectTile';

interface Props {
  projectId: number;
  filters: SubjectFilters;
  /** index of the row's first subject, and how many it shows */
  first: number;
  count: number;
  /** opens the subject at this index of the whole list */
  onOpen: (index: number) => void;
}

/**
 * One row of the grid, reading its subjects from the fixed-size pages they fall in (at most
 * two). Rows of the same page ask with the same arguments, so RTK Query sends one request for
 * them all and drops the page a minute after its last row scrolled away.
 */
export const PagedSubjectRow = memo(function PagedSubjectRow({ projectId, filters, first, count, onOpen }: Props) {
  const firstPage = Math.floor(first / SUBJECT_PAGE_SIZE);
  const lastPage = Math.floor((first + count - 1) / SUBJECT_PAGE_SIZE);
  const a = useSubjectPageQuery({ projectId, filters, page: firstPage + 1, pageSize: SUBJECT_PAGE_SIZE });
  const b = useSubjectPageQuery({ projectId, filters, page: lastPage + 1, pageSize: SUBJECT_PAGE_SIZE }, { skip: lastPage === firstPage });
  const at = (index: number) => {
    const page = Math.floor(index / SUBJECT_PAGE_SIZE);
    const data = page === firstPage ? a.data : b.data;
    return data?.list[index - page * SUBJECT_PAGE_SIZE];
  };
  const cells = [];
  for (let i = first; i < first + count; i++) cells.push(<SubjectTile key={at(i)?.dataId ?? `slot-${i}`} subject={at(i)} onOpen={() => onOpen(i)} />);
  return <Flex gap={TILE_GAP}>{cells}</Flex>;
});
