import { useState } from 'react';
import { App, Button, Card, Flex, theme } from 'antd';
import { EditorContent } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useSaveInstructionMutation } from '../api/projectSettingsApi';
import { InstructionToolbar } from './InstructionToolbar';
import { isLive, useInstructionEditor, useShownHtml } from './useInstructionEditor';

/** The API stores the instruction as HTML up to this many characters. */
const INSTRUCTION_MAX = 100_000;

/** Rich-text instruction for the project's workers, saved as HTML. */
export function InstructionEditor({ projectId, html }: { projectId: number; html: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [save, { isLoading }] = useSaveInstructionMutation();
  const [dirty, setDirty] = useState(false);
  const editor = useInstructionEditor({
    content: html,
    editorProps: { attributes: { 'aria-label': t('project.instruction.label'), 'data-testid': 'instruction-editor', role: 'textbox', 'aria-multiline': 'true', style: 'min-height: 150px; outline: none' } },
    onUpdate: () => setDirty(true),
  });
  // A save elsewhere (or by us) changes the stored text; show it unless the user is mid-edit.
  useShownHtml(editor, html, dirty);

  const onSave = async () => {
    if (!isLive(editor)) return;
    // An editor left empty answers "<p></p>"; store an empty instruction then.
    const next = editor.isEmpty ? '' : editor.getHTML();
    if (next.length > INSTRUCTION_MAX) {
      void message.error(t('project.instruction.tooLong'));
      return;
    }
    try {
      await save({ projectId, instruction: next }).unwrap();
      setDirty(false);
      void message.success(t('project.instruction.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card title={t('project.instruction.title')} data-testid="instruction-card">
      {isLive(editor) && <InstructionToolbar editor={editor} />}
      <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, padding: '4px 12px', minHeight: 160 }}>
        <EditorContent editor={editor} />
      </div>
      <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
        <Button disabled={!dirty} onClick={() => { if (isLive(editor)) editor.commands.setContent(html, { emitUpdate: false }); setDirty(false); }}>
          {t('project.common.discard')}
        </Button>
        <Button type="primary" loading={isLoading} disabled={!dirty} onClick={() => void onSave()} data-testid="instruction-save">
          {t('project.common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
