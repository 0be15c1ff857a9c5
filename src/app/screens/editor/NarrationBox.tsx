import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ENTER_HTML, isPlaceholderText, messages, parseNarration } from '../../../model/project';
import { draftVersion, narrationDraft } from '../../state/editorNarration';
import { showMessage } from '../../state/messages';
import {
  caretOutOfMarker,
  clampedOrNull,
  enterHtml,
  forgetCaret,
  insertHtmlAtCaret,
  insertTextOutOfMarker,
  pastedHtml,
  placeCaretAtEnd,
  registerNarrationBox,
  rememberCaret,
  selectAll,
} from './narrationInput';

interface Props {
  placeholder: string;
  disabled?: boolean;
}

/**
 * The rich-text narration box (spec 5): Enter inserts a double line break, paste inserts plain
 * text only, input is cut at 300 characters. The DOM is the box's own while the author types;
 * it is replaced from `narrationDraft` only when `draftVersion` changes (page switch, undo, save).
 */
export function NarrationBox({ placeholder, disabled = false }: Props) {
  useSignals();
  const ref = useRef<HTMLDivElement>(null);
  const composing = useRef(false);
  const version = draftVersion.value;

  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.innerHTML = narrationDraft.peek();
    forgetCaret(ref.current);
  }, [version]);

  // 插入元素 takes the focus away: the caret is remembered on every selection change inside.
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onSelection = () => rememberCaret(box);
    document.addEventListener('selectionchange', onSelection);
    const onBeforeInput = (e: InputEvent) => insertTextOutOfMarker(box, e);
    box.addEventListener('beforeinput', onBeforeInput);
    const unregister = registerNarrationBox(box);
    return () => {
      document.removeEventListener('selectionchange', onSelection);
      box.removeEventListener('beforeinput', onBeforeInput);
      unregister();
    };
  }, []);

  const sync = () => {
    const box = ref.current;
    if (!box) return;
    let html = box.innerHTML;
    // Chromium leaves a lone <br> behind when everything is deleted; the box is then empty.
    if (html === '<br>') html = box.innerHTML = '';
    if (!composing.current) {
      const clamped = clampedOrNull(html);
      if (clamped !== null) {
        box.innerHTML = clamped;
        placeCaretAtEnd(box);
        html = clamped;
        // Say why the end of a long paste (or a key past the limit) did not stay.
        showMessage('warning', messages.textTooLong);
      }
    }
    narrationDraft.value = html;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || composing.current) return;
    e.preventDefault();
    insertHtmlAtCaret(e.currentTarget, enterHtml(e.currentTarget, ENTER_HTML));
    sync();
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text/plain');
    if (text) insertHtmlAtCaret(e.currentTarget, pastedHtml(text));
    sync();
  };

  const onFocus = () => {
    const box = ref.current;
    // The PDF placeholder asks for the page's text: typing replaces it instead of adding to it.
    if (box && isPlaceholderText(parseNarration(box.innerHTML).text)) selectAll(box);
  };

  return (
    <div
      ref={ref}
      className="ps-ed-narration-box"
      contentEditable={!disabled}
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={placeholder}
      data-placeholder={placeholder}
      data-testid="narration-box"
      spellCheck={false}
      onInput={sync}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onFocus={onFocus}
      onCompositionStart={(e) => {
        caretOutOfMarker(e.currentTarget);
        composing.current = true;
      }}
      onCompositionEnd={() => {
        composing.current = false;
        sync();
      }}
      onDrop={(e) => e.preventDefault()}
    />
  );
}
