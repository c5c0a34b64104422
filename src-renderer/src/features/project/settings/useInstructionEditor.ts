import { useEffect } from 'react';
import { useEditor, type Editor, type UseEditorOptions } from '@tiptap/react';
import { INSTRUCTION_EXTENSIONS } from './instructionExtensions';

/**
 * The instruction's TipTap editor, made once the component has mounted (`immediatelyRender:
 * false`). Made during render instead, TipTap destroys it one timer tick later unless the
 * component has mounted by then. A page opened by its address renders when its code and data
 * arrive, outside any user event, so React runs its effects after painting: when the timer came
 * first, the effects held a destroyed editor, whose schema is null, and `getHTML()` threw
 * "Cannot read properties of null (reading 'cached')", which blanked the window (issue 17).
 * Made in an effect, the editor never exists before its component is mounted.
 */
export function useInstructionEditor(options: Omit<UseEditorOptions, 'extensions' | 'immediatelyRender'>): Editor | null {
  return useEditor({ ...options, extensions: INSTRUCTION_EXTENSIONS, immediatelyRender: false });
}

/** A destroyed editor has no schema: reading or writing it throws, so nothing touches one. */
export const isLive = (editor: Editor | null): editor is Editor => editor !== null && !editor.isDestroyed;

/**
 * Shows `html` in the editor when the stored text changes (a save here or elsewhere), unless
 * `hold` (the user is mid-edit and their text wins until they save or discard).
 */
export function useShownHtml(editor: Editor | null, html: string, hold = false): void {
  useEffect(() => {
    if (isLive(editor) && !hold && editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html, hold]);
}
