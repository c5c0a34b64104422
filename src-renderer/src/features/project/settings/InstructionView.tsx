import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { INSTRUCTION_EXTENSIONS } from './instructionExtensions';

/** The project's instruction, read only, rendered through the editor's schema (see instructionExtensions). */
export function InstructionView({ html }: { html: string }) {
  const editor = useEditor({ extensions: INSTRUCTION_EXTENSIONS, content: html, editable: false, immediatelyRender: true });
  useEffect(() => {
    if (editor && editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  return <EditorContent editor={editor} className="instruction-view" data-testid="instruction-view" />;
}
