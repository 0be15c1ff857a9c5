import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { PagePreview } from '../../../../src/app/screens/editor/preview/PagePreview';
import { i18n } from '../../../../src/app/i18n';
import { canUndo, currentPage, doc, undo } from '../../../../src/app/state/editor';
import { addPage, newDocument, switchOrientation, type ProjectDocument } from '../../../../src/model/project';

function must(r: { ok: boolean; value?: ProjectDocument; error?: string }): ProjectDocument {
  if (!r.ok || !r.value) throw new Error(r.error);
  return r.value;
}

/** A landscape project with one blank page and a 100x200 presenter at 100,100. */
function project(): ProjectDocument {
  const d = must(addPage(newDocument()));
  return {
    ...d,
    character: {
      ...d.character,
      uuid: 'a',
      staticImg: '/a.png',
      name: '小雅',
      X: 100,
      Y: 100,
      width: 100,
      height: 200,
    },
  };
}

/** Drags an element by (dx, dy) client pixels in steps (the frame's scale is 1 in happy-dom). */
function drag(el: HTMLElement, dx: number, dy: number, steps = 4) {
  fireEvent.pointerDown(el, { pointerId: 1, button: 0, clientX: 0, clientY: 0 });
  for (let i = 1; i <= steps; i++)
    fireEvent.pointerMove(el, { pointerId: 1, clientX: (dx * i) / steps, clientY: (dy * i) / steps });
  fireEvent.pointerUp(el, { pointerId: 1, clientX: dx, clientY: dy });
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  act(() => {
    doc.value = project();
    currentPage.value = 0;
  });
});
afterEach(cleanup);

describe('page preview', () => {
  it('shows the hints when there is no scene and no presenter, and 空白页 for a blank page', () => {
    act(() => {
      doc.value = must(addPage(newDocument()));
    });
    render(<PagePreview />);
    expect(screen.getByTestId('preview-hint-scene').textContent).toContain('请在左侧选择场景');
    expect(screen.getByTestId('preview-hint-character').textContent).toContain('请在左侧选择数字人');
    expect(screen.getByTestId('preview-slide-blank').textContent).toBe('空白页');
    expect(screen.getByTestId('preview-frame').dataset.orientation).toBe('landscape');
  });

  it('places slide and presenter in preview units; portrait is 375x667', () => {
    render(<PagePreview />);
    const person = screen.getByTestId('preview-character');
    expect([person.style.left, person.style.top, person.style.width, person.style.height]).toEqual([
      '100px',
      '100px',
      '100px',
      '200px',
    ]);
    const slide = screen.getByTestId('preview-slide');
    expect([slide.style.left, slide.style.top, slide.style.width]).toEqual(['586px', '162px', '294px']);
    act(() => {
      doc.value = must(switchOrientation(doc.value!, 2));
    });
    const frame = screen.getByTestId('preview-frame');
    expect([frame.style.width, frame.style.height, frame.dataset.orientation]).toEqual([
      '375px',
      '667px',
      'portrait',
    ]);
  });

  it('a presenter drag shows live and commits once on pointer up (one undo step)', () => {
    render(<PagePreview />);
    const person = screen.getByTestId('preview-character');
    fireEvent.pointerDown(person, { pointerId: 1, button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(person, { pointerId: 1, clientX: 30, clientY: 40 });
    expect(person.dataset.x).toBe('130');
    expect(doc.value!.character.X).toBe(100);
    fireEvent.pointerUp(person, { pointerId: 1, clientX: 30, clientY: 40 });
    expect([doc.value!.character.X, doc.value!.character.Y]).toEqual([130, 140]);
    act(() => undo());
    expect([doc.value!.character.X, doc.value!.character.Y]).toEqual([100, 100]);
  });

  it('stops the presenter 10 units past an edge but lets it slide along that edge', () => {
    render(<PagePreview />);
    // Bottom is at 300; 540 + 10 allows 250 more. Push 400 down and 50 right.
    drag(screen.getByTestId('preview-character'), 50, 400, 20);
    const c = doc.value!.character;
    expect(c.X).toBe(150);
    expect(c.Y + c.height).toBeLessThanOrEqual(550);
    expect(c.Y + c.height).toBeGreaterThan(530);
  });

  it('Escape cancels a drag and leaves the document alone', () => {
    render(<PagePreview />);
    const person = screen.getByTestId('preview-character');
    fireEvent.pointerDown(person, { pointerId: 1, button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(person, { pointerId: 1, clientX: 30, clientY: 40 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(person, { pointerId: 1, clientX: 30, clientY: 40 });
    expect(doc.value!.character.X).toBe(100);
    expect(person.dataset.x).toBe('100');
  });

  it('moves the slide and resizes it at the corner, keeping its proportions', () => {
    render(<PagePreview />);
    drag(screen.getByTestId('preview-slide'), -86, -62);
    expect(doc.value!.scene).toMatchObject({ pptX: 500, pptY: 100, pptWidth: 294, pptHeight: 168 });
    drag(screen.getByTestId('preview-slide-resize'), 147, 84);
    const s = doc.value!.scene;
    expect([s.pptX, s.pptY, s.pptWidth, s.pptHeight]).toEqual([500, 100, 441, 252]);
    expect(canUndo.value).toBe(true);
  });
});
