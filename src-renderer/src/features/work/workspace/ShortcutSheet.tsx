import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chordOf, COMMANDS, conflictOf, DEFAULT_KEYMAP, type Chord, type Command } from './keymap';

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
}: {
  open: boolean;
  keymap: Record<Command, Chord>;
  labelHotkeys: readonly { hotkey: string; name: string }[];
  onChange: (keymap: Record<Command, Chord>) => void;
  onClose: () => void;
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
        setProblem('command' in conflict ? t('work.keys.takenByCommand', { chord, command: t(`work.keys.command.${conflict.command}`) }) : t('work.keys.takenByLabel', { chord, label: conflict.label }));
        return;
      }
      setProblem(null);
      onChange({ ...keymap, [listening]: chord });
      setListening(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, keymap, labelHotkeys, onChange, t]);

  const rows = COMMANDS.map((command) => ({ command, chord: keymap[command] }));
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
          { key: 'what', title: t('work.keys.what'), render: (_, r) => t(`work.keys.command.${r.command}`) },
          { key: 'chord', title: t('work.keys.key'), width: 160, render: (_, r) => (listening === r.command ? <Typography.Text type="warning">{t('work.keys.pressKey')}</Typography.Text> : <Typography.Text keyboard>{r.chord}</Typography.Text>) },
          { key: 'change', width: 100, render: (_, r) => <Button size="small" onClick={() => { setProblem(null); setListening(r.command); }}>{t('work.keys.change')}</Button> },
        ]}
      />
      {labelHotkeys.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('work.keys.labels')}</Typography.Text>
          <Flex gap={12} wrap>
            {labelHotkeys.map((l) => (
              <span key={`${l.name}-${l.hotkey}`}>
                <Typography.Text keyboard>{l.hotkey}</Typography.Text> {l.name}
              </span>
            ))}
          </Flex>
          <Typography.Text type="secondary">{t('work.keys.drawingKeys')}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
