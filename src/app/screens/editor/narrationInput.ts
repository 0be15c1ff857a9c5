import {
  clampNarrationHtml,
  MAX_NARRATION_CHARS,
  narrationLength,
  parseNarration,
  textToNarrationHtml,
} from '../../../model/project';

/*
 * DOM helpers of the narration box (contenteditable). Chromium's insertHTML keeps the box's own
 * undo history; where it is missing (tests, old engines) the range API does the same insertion.
 */

/** Inserts HTML at the caret of `box` (at its end when the caret is elsewhere). */
export function insertHtmlAtCaret(box: HTMLElement, html: string): void {
  const selection = box.ownerDocument.getSelection();
  const inside = selection && selection.rangeCount > 0 && box.contains(selection.anchorNode);
  if (!inside) placeCaretAtEnd(box);
  const doc = box.ownerDocument as Document & { execCommand?: Document['execCommand'] };
  let done = false;
  try {
    done = typeof doc.execCommand === 'function' && doc.execCommand('insertHTML', false, html);
  } catch {
    done = false;
  }
  if (done) return;
  const sel = box.ownerDocument.getSelection();
  const range = sel && sel.rangeCount > 0 ? sel.getRangeAt(0) : null;
  const template = box.ownerDocument.createElement('template');
  template.innerHTML = html;
  const nodes = Array.from(template.content.childNodes);
  if (!range || !box.contains(range.startContainer)) {
    box.append(...nodes);
    return placeCaretAtEnd(box);
  }
  range.deleteContents();
  const fragment = box.ownerDocument.createDocumentFragment();
  fragment.append(...nodes);
  const last = nodes.at(-1);
  range.insertNode(fragment);
  if (last) {
    range.setStartAfter(last);
    range.collapse(true);
    sel!.removeAllRanges();
    sel!.addRange(range);
  }
}

/**
 * True when nothing but empty markup follows the caret. Chromium shows a line break at the very end
 * of an editable box only with one more <br> after it, which the next typed character replaces;
 * Enter there needs that extra <br> so the double break survives typing.
 */
export function caretAtEnd(box: HTMLElement): boolean {
  const selection = box.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return true;
  const range = selection.getRangeAt(0).cloneRange();
  if (!box.contains(range.endContainer)) return true;
  range.setEnd(box, box.childNodes.length);
  const rest = range.cloneContents();
  return (rest.textContent ?? '') === '' && rest.querySelector('br, img, span') === null;
}

/** HTML that Enter inserts at the caret: the double break, plus the end-of-box <br> when needed. */
export function enterHtml(box: HTMLElement, enter: string): string {
  return caretAtEnd(box) ? `${enter}<br>` : enter;
}

/** Moves the caret to the end of `box`. */
export function placeCaretAtEnd(box: HTMLElement): void {
  const selection = box.ownerDocument.getSelection();
  if (!selection) return;
  const range = box.ownerDocument.createRange();
  range.selectNodeContents(box);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Selects everything in `box` (typing then replaces the PDF placeholder). */
export function selectAll(box: HTMLElement): void {
  const selection = box.ownerDocument.getSelection();
  if (!selection) return;
  const range = box.ownerDocument.createRange();
  range.selectNodeContents(box);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Pasted clipboard text as narration HTML: plain text only, line breaks kept. */
export function pastedHtml(text: string): string {
  return textToNarrationHtml(text.replace(/\r\n?/g, '\n'));
}

/** True when the box's HTML speaks more than 300 characters. */
export function isOverLimit(html: string): boolean {
  return narrationLength(parseNarration(html).text) > MAX_NARRATION_CHARS;
}

/** The box's HTML cut at 300 characters when over the limit, else unchanged (null). */
export function clampedOrNull(html: string): string | null {
  return isOverLimit(html) ? clampNarrationHtml(html) : null;
}
