import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayChord, keyNames } from '../../../app/chordText';
import { AI_COMMANDS, aliasesOf, chordOf, COMMANDS, conflictOf, DEFAULT_KEYMAP, VIDEO_COMMANDS, type AiCommand, type Chord, type Command } from './keymap';

/** The names of the commands the AI tools brought, in their own texts. */
const AI_COMMAND_TEXT: Record<AiCommand | 'acceptSuggestion' | 'rejectSuggestion' | 'acceptAllSuggestions' | 'rejectAllSuggestions', string> = {
  aiDetect: 'aiWorkspace.keyDetect',
  aiPolygonMode: 'aiWorkspace.keyPolygonMode',
  aiFitSkeleton: 'aiWorkspace.keyFitSkeleton',
  aiPropagate: 'aiWorkspace.keyPropagate',
  acceptSuggestion: 'aiWorkspace.keyAccept',
  rejectSuggestion: 'aiWorkspace.keyReject',
  acceptAllSuggestions: 'aiWorkspace.keyAcceptAll',
  rejectAllSuggestions: 'aiWorkspace.keyRejectAll',
};

/** What a command is called in the sheet. */
export const commandName = (t: (key: string) => string, command: Command): string =>
  command in AI_COMMAND_TEXT ? t(AI_COMMAND_TEXT[command as keyof typeof AI_COMMAND_TEXT]) : t(`work.keys.command.${command}`);

/**
 * Every keyboard command with its key, and the labels' hotkeys. "Change" listens for the next
 * chord; one already taken by another command or a label is refused with what holds it.
 */
export function ShortcutSheet({
  open,
  keymap,
  labelHotkeys,
  onChange,
  onClose,
  aiAvailable = false,
  videoOpen = false,
}: {
  open: boolean;
  keymap: Record<Command, Chord>;
  labelHotkeys: readonly { hotkey: string; name: string }[];
  onChange: (keymap: Record<Command, Chord>) => void;
  onClose: () => void;
  /** the caller may use AI here: its commands are listed (otherwise they do not exist for them) */
  aiAvailable?: boolean;
  /** a video item is open: the playback commands are listed (they exist for video items only) */
  videoOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [listening, setListening] = useState<Command | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => {
      const chord = chordOf(e);
      if (!chord) return;
      e.preventDefault();
      e.stopPropagation();
      if (chord === 'Escape') return setListening(null);
      const conflict = conflictOf(keymap, listening, chord, labelHotkeys);
      if (conflict) {
        const shown = displayChord(chord);
        setProblem('command' in conflict ? t('work.keys.takenByCommand', { chord: shown, command: commandName(t, conflict.command) }) : t('work.keys.takenByLabel', { chord: shown, label: conflict.label }));
        return;
      }
      setProblem(null);
      onChange({ ...keymap, [listening]: chord });
      setListening(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, keymap, labelHotkeys, onChange, t]);

  const hidden = new Set<Command>([...(aiAvailable ? [] : AI_COMMANDS), ...(videoOpen ? [] : VIDEO_COMMANDS)]);
  const rows = COMMANDS.filter((c) => !hidden.has(c)).map((command) => ({ command, chords: [keymap[command], ...aliasesOf(keymap, command)] }));
  return (
    <Modal open={open} title={t('work.keys.title')} onCancel={onClose} footer={<Button onClick={() => onChange({ ...DEFAULT_KEYMAP })}>{t('work.keys.reset')}</Button>} width={640}>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 8 }} />}
      <Table
        size="small"
        pagination={false}
        rowKey="command"
        dataSource={rows}
        scroll={{ y: 360 }}
        data-testid="shortcut-sheet"
        columns={[
          { key: 'what', title: t('work.keys.what'), render: (_, r) => commandName(t, r.command) },
          {
            key: 'chord',
            title: t('work.keys.key'),
            width: 180,
            render: (_, r) =>
              listening === r.command ? (
                <Typography.Text type="warning">{t('work.keys.pressKey', keyNames())}</Typography.Text>
              ) : (
                r.chords.map((c) => (
                  <Typography.Text keyboard key={c} data-chord={c}>
                    {displayChord(c)}
                  </Typography.Text>
                ))
              ),
          },
          { key: 'change', width: 100, render: (_, r) => <Button size="small" onClick={() => { setProblem(null); setListening(r.command); }}>{t('work.keys.change')}</Button> },
        ]}
      />
      {labelHotkeys.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('work.keys.labels')}</Typography.Text>
          <Flex gap={12} wrap>
            {labelHotkeys.map((l) => (
              <span key={`${l.name}-${l.hotkey}`}>
                <Typography.Text keyboard>{displayChord(l.hotkey)}</Typography.Text> {l.name}
              </span>
            ))}
          </Flex>
          <Typography.Text type="secondary">{t('work.keys.drawingKeys', keyNames())}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
