import type { ProjectDocument } from './documentSchema';
import { ok, type Result } from './result';
import { docCommand } from './docCommand';
import { SUBTITLE_OFF, SUBTITLE_ON } from './constants';

/** The document with a new project name (修改 of the name; the server has been told already). */
export const withProjectName = docCommand({
  name: 'withProjectName',
  perform(doc: ProjectDocument, name: string): Result<ProjectDocument> {
    return ok({ ...doc, projectName: name });
  },
});

/** Subtitle switch of the synthesis list: subtitle 1 on, 2 off. */
export const setSubtitle = docCommand({
  name: 'setSubtitle',
  perform(doc: ProjectDocument, on: boolean): Result<ProjectDocument> {
    return ok({ ...doc, subtitle: on ? SUBTITLE_ON : SUBTITLE_OFF });
  },
});
