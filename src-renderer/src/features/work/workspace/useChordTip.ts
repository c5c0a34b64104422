import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayChord } from '../../../app/chordText';

/**
 * A tooltip that names an action and its key, as the platform writes the key: "Undo (Ctrl+Z)",
 * "撤销（⌘Z）". Every button of the workspace that has a shortcut says it this way.
 */
export function useChordTip(): (what: string, chord: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback((what, chord) => (chord ? t('work.keys.withChord', { what, chord: displayChord(chord) }) : what), [t]);
}
