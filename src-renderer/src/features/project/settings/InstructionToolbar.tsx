import { Button, Space, Tooltip } from 'antd';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

type Command = 'bold' | 'italic' | 'strike' | 'h2' | 'h3' | 'bulletList' | 'orderedList' | 'blockquote' | 'undo' | 'redo';

const LABELS: Record<Command, string> = {
  bold: 'B', italic: 'I', strike: 'S', h2: 'H2', h3: 'H3', bulletList: '•', orderedList: '1.', blockquote: '❝', undo: '↶', redo: '↷',
};

function run(editor: Editor, command: Command) {
  const chain = editor.chain().focus();
  switch (command) {
    case 'bold': return chain.toggleBold().run();
    case 'italic': return chain.toggleItalic().run();
    case 'strike': return chain.toggleStrike().run();
    case 'h2': return chain.toggleHeading({ level: 2 }).run();
    case 'h3': return chain.toggleHeading({ level: 3 }).run();
    case 'bulletList': return chain.toggleBulletList().run();
    case 'orderedList': return chain.toggleOrderedList().run();
    case 'blockquote': return chain.toggleBlockquote().run();
    case 'undo': return chain.undo().run();
    case 'redo': return chain.redo().run();
  }
}

const isActive = (editor: Editor, command: Command) =>
  command === 'h2' ? editor.isActive('heading', { level: 2 }) : command === 'h3' ? editor.isActive('heading', { level: 3 }) : editor.isActive(command);

/** Formatting buttons for the instruction editor; each says what it does to screen readers and on hover. */
export function InstructionToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  // Re-render on selection changes, so the buttons show which formats apply where the cursor is.
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries((Object.keys(LABELS) as Command[]).map((c) => [c, isActive(e, c)])) as Record<Command, boolean>,
  });
  return (
    <Space wrap size={4} role="toolbar" aria-label={t('project.instruction.toolbar')} style={{ marginBottom: 8 }}>
      {(Object.keys(LABELS) as Command[]).map((command) => (
        <Tooltip key={command} title={t(`project.instruction.command.${command}`)}>
          <Button
            size="small"
            type={active[command] ? 'primary' : 'default'}
            aria-label={t(`project.instruction.command.${command}`)}
            aria-pressed={command === 'undo' || command === 'redo' ? undefined : active[command]}
            onClick={() => run(editor, command)}
          >
            {LABELS[command]}
          </Button>
        </Tooltip>
      ))}
    </Space>
  );
}
