import type { ProjectDocument } from './documentSchema';
import { ok, type Result } from './result';
import { updatePage } from './updatePage';
import { withTimes } from './narrationRules';
import { TEXT_MODE, VOICE_MODE } from './constants';
import { docCommand } from './docCommand';

/*
 * Narration mode per page (spec 4). The UI asks first (messages.confirmToVoiceMode /
 * confirmToTextMode) and shows messages.cancelled on cancel; these commands run after a yes.
 */

/** To voice mode (istts 1): clears text, rich text, textures, segments, markers and the page time. */
export const switchToVoiceMode = docCommand({
  name: 'switchToVoiceMode',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    const r = updatePage(doc, at, (page) =>
      ok({
        ...page,
        istts: VOICE_MODE,
        text: '',
        textdome: '',
        textureList: [],
        childList: [],
        dome: [],
        gifdome: [],
        // TTS audio of the old text must not be taken for an uploaded recording.
        tts: page.istts === VOICE_MODE ? page.tts : '',
        soundTime: page.istts === VOICE_MODE ? page.soundTime : 0,
        formattedTime: '0',
      }),
    );
    return r.ok ? ok(withTimes(r.value)) : r;
  },
});

/** To text mode (istts 2): removes the uploaded audio (its url and duration). */
export const switchToTextMode = docCommand({
  name: 'switchToTextMode',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    const r = updatePage(doc, at, (page) =>
      ok({
        ...page,
        istts: TEXT_MODE,
        tts: page.istts === TEXT_MODE ? page.tts : '',
        soundTime: page.istts === TEXT_MODE ? page.soundTime : 0,
        pageMouthVideo: page.istts === TEXT_MODE ? page.pageMouthVideo : '',
      }),
    );
    return r.ok ? ok(withTimes(r.value)) : r;
  },
});

/** Stores the audio of page `at` (uploaded, recorded or synthesised) with its length in seconds. */
export const setPageAudio = docCommand({
  name: 'setPageAudio',
  perform(
    doc: ProjectDocument,
    at: number,
    audio: { path: string; soundTime: number },
  ): Result<ProjectDocument> {
    const r = updatePage(doc, at, (page) => ok({ ...page, tts: audio.path, soundTime: audio.soundTime }));
    return r.ok ? ok(withTimes(r.value)) : r;
  },
});

/** Stores the audio of child segment `child` (0-based) of page `at`. */
export const setSegmentAudio = docCommand({
  name: 'setSegmentAudio',
  perform(doc: ProjectDocument, at: number, child: number, audio: { path: string }): Result<ProjectDocument> {
    return updatePage(doc, at, (page) =>
      ok({
        ...page,
        childList: page.childList.map((c, i) => (i === child ? { ...c, tts: audio.path } : c)),
      }),
    );
  },
});

/**
 * Text-to-speech audio made with one voice is wrong once another voice is chosen: drops it from
 * text pages (and their segments) so 试听 and 合成视频 convert again. Voice pages keep their audio.
 */
export const dropSpeechAudio = docCommand({
  name: 'dropSpeechAudio',
  perform(doc: ProjectDocument): Result<ProjectDocument> {
    const pages = doc.ppt.pages.map((p) =>
      p.istts === TEXT_MODE
        ? { ...p, tts: '', soundTime: 0, childList: p.childList.map((c) => ({ ...c, tts: '' })) }
        : p,
    );
    return ok({ ...doc, ppt: { ...doc.ppt, pages } });
  },
});
