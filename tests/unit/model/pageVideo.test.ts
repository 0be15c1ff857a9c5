import { describe, expect, it } from 'vitest';
import {
  attachVideo,
  deleteVideo,
  duplicatePage,
  newPage,
  withPages,
  muteVideo,
  newDocument,
  saveNarration,
  switchToTextMode,
  switchToVoiceMode,
  setPageAudio,
  unmuteVideo,
} from '../../../src/model/project';
import { must } from './fixtures';

describe('page video (spec 4 "Page video")', () => {
  const withVideo = must(attachVideo(newDocument(), 0, { path: '/v/a.mp4', resId: '77' }));

  it('attaching sets video, videoid and isVideo 1', () => {
    expect(withVideo.ppt.pages[0]).toMatchObject({
      video: '/v/a.mp4',
      videoid: '77',
      isVideo: 1,
      isSound: 1,
    });
  });

  it('deleting clears them and sets isVideo 0', () => {
    expect(must(deleteVideo(withVideo, 0)).ppt.pages[0]).toMatchObject({
      video: '',
      videoid: '',
      isVideo: 0,
    });
  });

  it('deleting a never-uploaded video answers 未上传视频', () => {
    const r = deleteVideo(newDocument(), 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('未上传视频');
  });

  it('mute sets isSound 2 with 已禁用当前视频声音; unmute sets 1 with 已开启当前视频声音', () => {
    const muted = muteVideo(withVideo, 0);
    expect(muted).toMatchObject({ ok: true, message: '已禁用当前视频声音' });
    const m = must(muted);
    expect(m.ppt.pages[0].isSound).toBe(2);
    const unmuted = unmuteVideo(m, 0);
    expect(unmuted).toMatchObject({ ok: true, message: '已开启当前视频声音' });
    expect(must(unmuted).ppt.pages[0].isSound).toBe(1);
  });

  it('mute without a video answers 未上传视频', () => {
    expect(muteVideo(newDocument(), 0)).toMatchObject({ ok: false, error: '未上传视频' });
  });
});

describe('narration mode per page (spec 4)', () => {
  const html =
    '开场<span class="ps-marker ps-shot" contenteditable="false" data-shot="11201">【PPT全屏】</span>看这一页';
  const textPage = must(saveNarration(newDocument(), 0, html));

  it('to voice mode clears text, rich text, textures, segments, markers and the page time', () => {
    const withAudio = must(setPageAudio(textPage, 0, { path: '/a/tts.wav', soundTime: 3 }));
    const p = must(switchToVoiceMode(withAudio, 0)).ppt.pages[0];
    expect(p).toMatchObject({
      istts: 1,
      text: '',
      textdome: '',
      textureList: [],
      childList: [],
      dome: [],
      gifdome: [],
    });
    expect(p.soundTime).toBe(0);
    expect(p.formattedTime).toBe('0');
    expect(p.tts).toBe('');
    expect(textPage.ppt.pages[0].childList.length).toBeGreaterThan(0); // input untouched
  });

  it('to text mode removes the uploaded audio url', () => {
    const voice = must(
      setPageAudio(must(switchToVoiceMode(textPage, 0)), 0, { path: '/a/up.mp3', soundTime: 12.5 }),
    );
    expect(voice.ppt.pages[0].formattedTime).toBe('12.5');
    const p = must(switchToTextMode(voice, 0)).ppt.pages[0];
    expect(p.istts).toBe(2);
    expect(p.tts).toBe('');
    expect(p.soundTime).toBe(0);
  });

  it('refuses a page that does not exist', () => {
    expect(switchToVoiceMode(textPage, 3).ok).toBe(false);
  });
});

describe('duplicatePage and broken video flags', () => {
  it('a page flagged isVideo 1 without a file can be copied (hasVideo needs both)', () => {
    const d = withPages(newDocument(), [newPage({ isVideo: 1, video: '' })]);
    expect(duplicatePage(d, 0).ok).toBe(true);
  });
});
