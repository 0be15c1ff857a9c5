import { autoProjectName, newDocument, PRO_KIND } from '../../../model/project';
import { studioApi } from '../../services/http';
import { showMessage } from '../../state/messages';
import { user } from '../../state/session';
import { pickedCharacter, pickedScene, pickedVoice, scriptCreating, scriptPages } from '../../state/tools';
import { buildScriptProject } from './buildScriptProject';

/**
 * 生成项目 of 一键成片: builds the document from the pages and choices, creates a helper project
 * (proKind 3, auto-named 助手工具 + time), saves the document as its first draft and answers the
 * project id, or 0 when refused (the message was shown).
 */
export async function createScriptProject(now = new Date()): Promise<number> {
  const pages = scriptPages.value;
  const character = pickedCharacter.value;
  const voice = pickedVoice.value;
  const scene = pickedScene.value;
  if (scriptCreating.value || pages.length === 0 || !character || !voice || !scene) return 0;
  const name = autoProjectName('helper', now);
  const doc = newDocument({ projectName: name, userid: String(user.value?.userId ?? '') });
  const built = buildScriptProject(doc, { pages, character, voice, scene });
  if (!built.ok) {
    showMessage('error', built.error);
    return 0;
  }
  scriptCreating.value = true;
  try {
    const added = await studioApi.addProject({ proKind: PRO_KIND.helper, name });
    const projectId = added.data ?? 0;
    if (projectId <= 0) return 0;
    await studioApi.updateProject({
      projectId,
      userProjectInfo: JSON.stringify(built.value),
      original: 1,
      revision: 0,
    });
    return projectId;
  } catch {
    // The client showed the server's message.
    return 0;
  } finally {
    scriptCreating.value = false;
  }
}
