import type { ProjectDocument } from './documentSchema';
import { sameData } from './sameData';

/*
 * Unsaved work kept in one browser tab meets a save made meanwhile in another tab or device (the
 * editor's local copy, src/app/state/editorBackup.ts). Both started from the same saved document
 * (`base`), so what each side changed is known, page by page: a page only one side changed keeps
 * that side's version, and work is lost only where both sides changed the same thing. There the
 * local side wins: it is the work the author is asking to get back, and the merge is one undo step.
 */

/** A merged document and what both sides had changed (so the local version was kept there). */
export interface MergedDocument {
  doc: ProjectDocument;
  /** 1-based numbers of the pages both sides changed. */
  bothChangedPages: number[];
  /** Both sides changed the project's own settings (presenter, scene, music, subtitles, ...). */
  bothChangedSettings: boolean;
}

// Everything but the pages, the name (saved apart, at once, so never in conflict) and what is
// counted from the pages (page count, lengths: the editor counts them again on every change).
const settingsOf = (d: ProjectDocument) => ({
  ...d,
  projectName: '',
  totalTime: 0,
  ppt: { ...d.ppt, pages: [], maxNum: 0, totalFormattedTime: '' },
});

/** The three-way choice for one part: the side that changed it, or local when both did. */
function pick<T>(base: T, local: T, server: T): { value: T; both: boolean } {
  if (sameData(local, base)) return { value: server, both: false };
  if (sameData(server, base) || sameData(local, server)) return { value: local, both: false };
  return { value: local, both: true };
}

/**
 * `local` (edited from `base`) merged into `server` (saved from `base` elsewhere): per page and for
 * the settings, each side's changes kept. Null when the pages cannot be matched by position (both
 * sides added, removed or moved pages differently): then only one side can be chosen whole.
 */
export function mergeDocuments(
  base: ProjectDocument,
  local: ProjectDocument,
  server: ProjectDocument,
): MergedDocument | null {
  const [b, l, s] = [base.ppt.pages, local.ppt.pages, server.ppt.pages];
  let pages = s;
  const bothChangedPages: number[] = [];
  if (sameData(s, b)) pages = l;
  else if (!sameData(l, b)) {
    if (l.length !== b.length || s.length !== b.length) return null;
    pages = b.map((page, i) => {
      const chosen = pick(page, l[i], s[i]);
      if (chosen.both) bothChangedPages.push(i + 1);
      return chosen.value;
    });
  }
  // The settings as one part: the side that changed them gives the whole document's settings.
  const settings = pick(settingsOf(base), settingsOf(local), settingsOf(server));
  const from = sameData(settingsOf(local), settingsOf(base)) ? server : local;
  return {
    doc: { ...from, projectName: server.projectName, ppt: { ...from.ppt, pages, maxNum: pages.length } },
    bothChangedPages,
    bothChangedSettings: settings.both,
  };
}
