import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { i18n } from '../../../../src/app/i18n';
import { EditorTopBar } from '../../../../src/app/screens/editor/EditorTopBar';
import { clearProject, doc, projectId } from '../../../../src/app/state/editor';
import { newDocument } from '../../../../src/model/project';

afterEach(() => {
  cleanup();
  clearProject();
});

describe('the editor top bar', () => {
  it('shows no name, save state or time until a project is open (loading, or it failed to load)', async () => {
    await i18n.changeLanguage('zh');
    render(
      <MemoryRouter>
        <EditorTopBar onHome={() => {}} onSaveDraft={() => {}} />
      </MemoryRouter>,
    );
    for (const id of ['editor-save-state', 'editor-total-time', 'project-name'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('editor-save-draft').hasAttribute('disabled')).toBe(true);

    act(() => {
      projectId.value = 7;
      doc.value = newDocument();
    });
    expect(screen.getByTestId('editor-save-state').textContent).toBeTruthy();
    expect(screen.getByTestId('editor-total-time').textContent).toContain('0.00');
    expect(screen.getByTestId('editor-save-draft').hasAttribute('disabled')).toBe(false);
  });
});
