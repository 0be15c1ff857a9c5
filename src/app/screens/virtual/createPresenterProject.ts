import type { CharacterItem, VoiceItem } from '../../../api/library.contract';
import { autoProjectName, newDocument, PRO_KIND } from '../../../model/project';
import { studioApi } from '../../services/http';
import { showMessage } from '../../state/messages';
import { user } from '../../state/session';
import { choosePresenter } from '../editor/library/libraryCommands';

/**
 * 用 TA 做视频: a new text video with this presenter (and its suggested voice) already chosen, saved
 * as its first draft; answers the project id, or 0 when refused (the message was shown).
 */
export async function createPresenterProject(
  character: CharacterItem,
  suggested: VoiceItem | null,
  now = new Date(),
): Promise<number> {
  const name = autoProjectName('text', now);
  const doc = newDocument({ projectName: name, userid: String(user.value?.userId ?? '') });
  const chosen = choosePresenter(doc, character, suggested);
  if (!chosen.ok) {
    showMessage('error', chosen.error);
    return 0;
  }
  try {
    const added = await studioApi.addProject({ proKind: PRO_KIND.text, name });
    const projectId = added.data ?? 0;
    if (projectId <= 0) return 0;
    await studioApi.updateProject({
      projectId,
      userProjectInfo: JSON.stringify(chosen.value),
      original: 1,
      revision: 0,
    });
    return projectId;
  } catch {
    // The client showed the server's message.
    return 0;
  }
}
