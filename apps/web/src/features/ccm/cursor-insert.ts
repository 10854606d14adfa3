import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useLayoutEffect, useRef } from 'react';

/**
 * Inserts a snippet (a variable's `{{path}}`) where the textarea's cursor is, or over its selection,
 * then gives the textarea the focus back with the cursor after the snippet, so typing goes on there.
 * The textarea keeps its selection while a variable button has the focus.
 */
export function useCursorInsert(text: string, onChange: ((value: string) => void) | undefined) {
  const ref = useRef<TextAreaRef>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const textarea = ref.current?.resizableTextArea?.textArea;
    if (caret.current === null || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const insert = (snippet: string) => {
    const textarea = ref.current?.resizableTextArea?.textArea;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    caret.current = start + snippet.length;
    onChange?.(text.slice(0, start) + snippet + text.slice(end));
  };
  return { ref, insert };
}
