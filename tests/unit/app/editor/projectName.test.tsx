import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ renameProject: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { i18n } from '../../../../src/app/i18n';
import { ProjectName } from '../../../../src/app/screens/editor/ProjectName';
import { clearProject, doc, projectId } from '../../../../src/app/state/editor';
import { toasts } from '../../../../src/app/state/messages';
import { newDocument, PROJECT_NAME_MAX } from '../../../../src/model/project';

/*
 * The top bar's inline rename cut a pasted name at 100 characters without a word (the field's
 * maxLength); now the field shows the name over the limit and 保存 says why it is refused.
 */

afterEach(() => {
  cleanup();
  clearProject();
  toasts.value = [];
});

describe("the editor's project name", () => {
  beforeAll(() => i18n.changeLanguage('zh'));

  it('keeps a name over 100 characters in the field and refuses it with the reason', async () => {
    act(() => {
      projectId.value = 3;
      doc.value = newDocument({ projectName: '季度汇报' });
    });
    render(<ProjectName />);
    fireEvent.click(screen.getByTestId('project-rename'));
    const input = screen.getByTestId('project-name-input').querySelector('input')!;
    const long = '长'.repeat(PROJECT_NAME_MAX + 5);
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long);
    expect(screen.getByTestId('project-name-input').className).toContain('error');
    await act(async () => {
      fireEvent.click(screen.getByTestId('project-rename-save'));
    });
    expect(api.renameProject).not.toHaveBeenCalled();
    expect(toasts.value.map((t) => t.text)).toEqual(['项目名称不能超过100个字符']);
    expect(doc.value!.projectName).toBe('季度汇报');
  });
});
