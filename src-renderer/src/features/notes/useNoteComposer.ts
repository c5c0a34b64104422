import { useState } from 'react';
import { App } from 'antd';
import { useErrorText } from '../../app/useErrorText';

/**
 * The text of a note being written and its sending: blank text sends nothing, a sent note
 * empties the box, a failure says why and keeps what was typed.
 */
export function useNoteComposer(send: (content: string) => Promise<unknown>) {
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const submit = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      await send(content);
      setText('');
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return { text, setText, submit, empty: !text.trim() };
}
