import { EditorContent } from '@tiptap/react';
import { useInstructionEditor, useShownHtml } from './useInstructionEditor';

/** The project's instruction, read only, rendered through the editor's schema (see instructionExtensions). */
export function InstructionView({ html }: { html: string }) {
  const editor = useInstructionEditor({ content: html, editable: false });
  useShownHtml(editor, html);
  return <EditorContent editor={editor} className="instruction-view" data-testid="instruction-view" />;
}
