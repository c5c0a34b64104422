import type { TFunction } from 'i18next';
import type { ExportWarning } from '../../../../../src-shared/api/export';

/**
 * An export report's note in the user's language. Reports made before notes had codes hold an
 * English sentence, shown as it is: it is what that run said.
 */
export function exportWarningText(t: TFunction, warning: ExportWarning | string): string {
  if (typeof warning === 'string') return warning;
  switch (warning.code) {
    case 'sizeUnknown':
      return t(`insight.exports.warning.sizeUnknown.${warning.outcome ?? 'writtenAsZero'}`, { name: warning.file ?? '' });
    case 'fileTaken':
      return t('insight.exports.warning.fileTaken', { name: warning.file ?? '', path: warning.path ?? '' });
    case 'videoFramesNeedFfmpeg':
    case 'videoFramesFailed':
    case 'videoMediaSkipped':
    case 'severalClasses':
      return t(`insight.exports.warning.${warning.code}`, { name: warning.file ?? '' });
    case 'more':
      return t('insight.exports.warning.more', { count: warning.count ?? 0 });
  }
}
