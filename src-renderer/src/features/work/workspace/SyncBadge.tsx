import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JournalStatus } from '../../../../../src-shared/ipc';
import { plainFailure } from '../../../app/plainFailure';
import { useErrorText } from '../../../app/useErrorText';

const COLORS: Record<JournalStatus['state'], string> = { synced: 'green', pending: 'blue', offline: 'orange', conflict: 'red', refused: 'red' };

/** The open item's save state, always visible: the annotator knows their work is safe, or why not. */
export function SyncBadge({ state }: { state: JournalStatus | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!state) return null;
  const text = t(`work.sync.${state.state}`, { count: state.pending });
  return (
    <Tooltip title={state.error ? errorText(plainFailure(state.error)) : t(`work.sync.${state.state}Hint`)}>
      <Tag color={COLORS[state.state]} data-testid="sync-state" data-state={state.state}>
        {text}
      </Tag>
    </Tooltip>
  );
}
