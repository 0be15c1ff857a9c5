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

/** Inserts HTML at the caret of `box` (at its end when the caret is elsewhere, after a marker it is in). */
export function insertHtmlAtCaret(box: HTMLElement, html: string): void {
  const selection = box.ownerDocument.getSelection();
  const inside = selection && selection.rangeCount > 0 && box.contains(selection.anchorNode);
  if (!inside) placeCaretAtEnd(box);
  else caretOutOfMarker(box);
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

/*
 * The last caret of the narration box, kept while a dialog (插入元素) has the focus, so a marker
 * goes where the author left the caret; at the end of the box when there was none.
 */
let lastCaret: { box: HTMLElement; range: Range } | null = null;
let activeBox: HTMLElement | null = null;

/** Makes `box` the narration box that 插入元素 inserts into; returns the undo of that. */
export function registerNarrationBox(box: HTMLElement): () => void {
  activeBox = box;
  return () => {
    if (activeBox === box) activeBox = null;
  };
}

/** The narration box on screen, or null (voice pages show none). */
export function currentNarrationBox(): HTMLElement | null {
  return activeBox;
}

/** Remembers the caret when it is inside `box` (called on selection changes). */
export function rememberCaret(box: HTMLElement): void {
  const selection = box.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  if (box.contains(range.startContainer) && box.contains(range.endContainer))
    lastCaret = { box, range: range.cloneRange() };
}

/** Forgets the remembered caret of `box` (its content was replaced). */
export function forgetCaret(box: HTMLElement): void {
  if (lastCaret?.box === box) lastCaret = null;
}

/**
 * The character just before the remembered caret of `box` (else before its end), where a marker
 * inserted now would follow it; null when there is none (start of the box, or after a marker).
 */
export function charBeforeRememberedCaret(box: HTMLElement): string | null {
  const saved =
    lastCaret?.box === box && box.contains(lastCaret.range.startContainer) ? lastCaret.range : null;
  let node: Node | null = saved ? saved.startContainer : box;
  let offset = saved ? saved.startOffset : box.childNodes.length;
  // Inside an element the caret sits between children: look at the end of the child before it.
  while (node && node.nodeType !== Node.TEXT_NODE) {
    const before: Node | null = offset > 0 ? node.childNodes[offset - 1] : null;
    if (
      !before ||
      (before.nodeType !== Node.TEXT_NODE && before.nodeName !== 'DIV' && before.nodeName !== 'P')
    )
      return null;
    node = before;
    offset =
      before.nodeType === Node.TEXT_NODE ? (before.textContent ?? '').length : before.childNodes.length;
  }
  const chars = [...(node?.textContent ?? '').slice(0, offset)];
  return chars.length > 0 ? chars[chars.length - 1] : null;
}

/** Inserts `html` at the remembered caret of `box` (else its end) and returns the box's new HTML. */
export function insertAtRememberedCaret(box: HTMLElement, html: string): string {
  box.focus();
  const selection = box.ownerDocument.getSelection();
  const saved = lastCaret?.box === box ? lastCaret.range : null;
  if (selection && saved && box.contains(saved.startContainer)) {
    selection.removeAllRanges();
    selection.addRange(saved);
  } else placeCaretAtEnd(box);
  insertNodesAtCaret(box, html);
  rememberCaret(box);
  return box.innerHTML;
}

/*
 * Chromium's insertHTML leaves the caret inside a non-editable marker, where typing is lost and the
 * next marker nests in it; markers therefore go in through the range API, with the caret put in a
 * text node after the marker (an empty one is dropped by the box's next serialisation).
 */
function insertNodesAtCaret(box: HTMLElement, html: string): void {
  const selection = box.ownerDocument.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const template = box.ownerDocument.createElement('template');
  template.innerHTML = html;
  const nodes = Array.from(template.content.childNodes);
  // Never inside a marker: a caret there moves to just after it.
  const marker = range && closestMarker(range.startContainer, box);
  if (range && marker) range.setStartAfter(marker);
  if (!range || !box.contains(range.startContainer)) box.append(...nodes);
  else {
    if (!marker) range.deleteContents();
    range.collapse(true);
    const fragment = box.ownerDocument.createDocumentFragment();
    fragment.append(...nodes);
    range.insertNode(fragment);
  }
  const last = nodes.at(-1);
  if (last && selection) caretAfter(box.ownerDocument, last, selection);
}

/** Puts the caret in a text node just after `node` (an empty one made when none follows it). */
function caretAfter(doc: Document, node: ChildNode, selection: Selection): void {
  let after = node.nextSibling;
  if (!(after instanceof Text)) {
    after = doc.createTextNode('');
    node.after(after);
  }
  const caret = doc.createRange();
  caret.setStart(after, 0);
  caret.collapse(true);
  selection.removeAllRanges();
  selection.addRange(caret);
}

/**
 * Moves a caret that sits inside a marker to a text node just after it. A click in the empty end of
 * the box puts the caret in the last marker's text, where Chromium drops what is typed (QA pass:
 * two sentences lost); called before a text insertion, an HTML insertion (Enter, paste) or an IME
 * composition types into the box. True when it moved the caret.
 */
export function caretOutOfMarker(box: HTMLElement): boolean {
  const selection = box.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return false;
  const marker = closestMarker(selection.getRangeAt(0).startContainer, box);
  if (!marker) return false;
  caretAfter(box.ownerDocument, marker, selection);
  return true;
}

/**
 * A text insertion with no key before it (an input method's or the system's text, a test's
 * insertText) while the caret is inside a marker: inserted again just after the marker instead.
 */
export function insertTextOutOfMarker(box: HTMLElement, event: InputEvent): void {
  if (event.inputType !== 'insertText' || !event.data || event.isComposing) return;
  if (!caretOutOfMarker(box)) return;
  event.preventDefault();
  const doc = box.ownerDocument as Document & { execCommand?: Document['execCommand'] };
  doc.execCommand?.('insertText', false, event.data);
}

function closestMarker(node: Node, box: HTMLElement): Element | null {
  const element = node instanceof Element ? node : node.parentElement;
  const marker = element?.closest('.ps-marker') ?? null;
  return marker && box.contains(marker) ? marker : null;
}
