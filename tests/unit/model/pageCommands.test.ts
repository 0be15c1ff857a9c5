import { describe, expect, it } from 'vitest';
import {
  addPage,
  attachVideo,
  COPY_SUFFIX,
  deletePage,
  duplicatePage,
  movePage,
  newDocument,
  pagesFromPdf,
  pagesWithoutPdf,
  pdfPageImage,
  renumber,
  newPage,
  type ProjectDocument,
} from '../../../src/model/project';
import { must } from './fixtures';

const pdf = { name: 'deck.pdf', uuidStr: 'u-123', basePath: '/files/ppt', pageCount: 3 };

const frozen = (doc: ProjectDocument) => JSON.parse(JSON.stringify(doc)) as ProjectDocument;

describe('pagesFromPdf (spec 4 "Pages")', () => {
  it('replaces all pages with one per PDF page, each with the placeholder text', () => {
    const start = must(addPage(newDocument()));
    const d = must(pagesFromPdf(start, pdf));
    expect(d.ppt.pages).toHaveLength(3);
    expect(d.ppt.maxNum).toBe(3);
    expect(d.ppt.pages.map((p) => p.text)).toEqual([
      '请输入本页内容并保存',
      '请输入本页内容并保存',
      '请输入本页内容并保存',
    ]);
    expect(d.ppt.uuid).toBe('u-123');
    expect(d.ppt.name).toBe('deck.pdf');
  });

  it('takes page images from base path + id string + images/{n}.png, n from 1', () => {
    const d = must(pagesFromPdf(newDocument(), pdf));
    expect(d.ppt.pages.map((p) => p.img)).toEqual([
      '/files/ppt/u-123/images/1.png',
      '/files/ppt/u-123/images/2.png',
      '/files/ppt/u-123/images/3.png',
    ]);
    expect(pdfPageImage({ basePath: '/files/ppt/', uuidStr: 'x' }, 7)).toBe('/files/ppt/x/images/7.png');
  });

  it('refuses a PDF without pages', () => {
    expect(pagesFromPdf(newDocument(), { ...pdf, pageCount: 0 }).ok).toBe(false);
  });
});

describe('pagesWithoutPdf (无需PDF)', () => {
  it('clears the PDF and the slide images, keeps narration', () => {
    let d = must(pagesFromPdf(newDocument(), pdf));
    d = must(pagesWithoutPdf(d));
    expect(d.ppt.uuid).toBe('');
    expect(d.ppt.pages.every((p) => p.img === '' && p.icon === '')).toBe(true);
    expect(d.ppt.pages).toHaveLength(3);
  });
});

describe('add, duplicate, delete, move', () => {
  it('addPage appends an empty page and renumbers', () => {
    const d = must(addPage(must(pagesFromPdf(newDocument(), pdf))));
    expect(d.ppt.pages).toHaveLength(4);
    expect(d.ppt.pages[3]).toMatchObject({ index: 4, text: '' });
    expect(d.ppt.maxNum).toBe(4);
  });

  it('duplicatePage inserts a copy right after it, marked with the copy suffix on its name', () => {
    const base = must(pagesFromPdf(newDocument(), pdf));
    const d = must(duplicatePage(base, 0));
    expect(d.ppt.pages).toHaveLength(4);
    expect(d.ppt.pages[1].img).toBe(base.ppt.pages[0].img);
    expect(d.ppt.pages[1].name).toBe(`第1页${COPY_SUFFIX}`);
    expect(d.ppt.pages[1].text).toBe(base.ppt.pages[0].text); // narration is spoken: no suffix there
    expect(d.ppt.pages.map((p) => p.index)).toEqual([1, 2, 3, 4]);
    expect(d.ppt.pages[2].img).toBe('/files/ppt/u-123/images/2.png');
  });

  it('duplicatePage of a copy keeps adding the suffix to its name', () => {
    const d = must(duplicatePage(must(duplicatePage(newDocument(), 0)), 1));
    expect(d.ppt.pages[2].name).toBe(`第1页${COPY_SUFFIX}${COPY_SUFFIX}`);
  });

  it('duplicatePage refuses a page with a video: 不可复制，因为ppt内有视频', () => {
    const withVideo = must(attachVideo(newDocument(), 0, { path: '/v/a.mp4', resId: '9' }));
    const r = duplicatePage(withVideo, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('不可复制，因为ppt内有视频');
  });

  it('the copy is independent of the original', () => {
    const d = must(duplicatePage(newDocument(), 0));
    d.ppt.pages[1].textureList.push({
      textureId: 'a',
      path: '',
      x: 0,
      y: 0,
      width: 1,
      height: 1,
      position: 1,
      id: 'i',
    });
    expect(d.ppt.pages[0].textureList).toHaveLength(0);
  });

  it('deletePage removes it and renumbers; the last page cannot go', () => {
    const d = must(deletePage(must(pagesFromPdf(newDocument(), pdf)), 0));
    expect(d.ppt.pages.map((p) => p.img)).toEqual([
      '/files/ppt/u-123/images/2.png',
      '/files/ppt/u-123/images/3.png',
    ]);
    expect(d.ppt.pages.map((p) => p.index)).toEqual([1, 2]);
    expect(d.ppt.maxNum).toBe(2);
    expect(deletePage(newDocument(), 0)).toMatchObject({ ok: false, error: '至少需要保留一页' });
    expect(deletePage(d, 5)).toMatchObject({ ok: false });
  });

  it('movePage reorders and renumbers', () => {
    const d = must(movePage(must(pagesFromPdf(newDocument(), pdf)), 2, 0));
    expect(d.ppt.pages.map((p) => p.img.slice(-5))).toEqual(['3.png', '1.png', '2.png']);
    expect(d.ppt.pages.map((p) => p.index)).toEqual([1, 2, 3]);
  });

  it('renumber also numbers child segments from 1', () => {
    const pages = renumber([
      newPage({ index: 9, childList: [{ ttsText: 'a', tts: '', mouthVideo: '', isScale: 1, index: 5 }] }),
    ]);
    expect(pages[0].index).toBe(1);
    expect(pages[0].childList[0].index).toBe(1);
  });

  it('never mutates its input', () => {
    const base = must(pagesFromPdf(newDocument(), pdf));
    const snapshot = frozen(base);
    must(addPage(base));
    must(duplicatePage(base, 1));
    must(deletePage(base, 1));
    must(movePage(base, 0, 2));
    must(pagesWithoutPdf(base));
    expect(base).toEqual(snapshot);
  });
});
