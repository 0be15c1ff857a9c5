import {
  chooseCharacter,
  chooseScene,
  chooseVoice,
  newDocument,
  pagesFromPdf,
  saveNarration,
  type ProjectDocument,
  type Result,
} from '../../../src/model/project';

/** The value of a successful result; fails the test with the error otherwise. */
export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got error: ${r.error}`);
  return r.value;
}

/** A 2-page landscape project from a PDF, with presenter, voice and scene chosen and both pages narrated. */
export function readyDocument(): ProjectDocument {
  let doc = newDocument({ uuid: 'p1', userid: 'u1', projectName: '测试项目' });
  doc = must(pagesFromPdf(doc, { name: 'deck.pdf', uuidStr: 'abc', basePath: '/files/ppt/', pageCount: 2 }));
  doc = must(
    chooseCharacter(doc, {
      id: 7,
      name: '小雅',
      icon: '/c/7.png',
      staticImg: '/c/7s.png',
      width: 1000,
      height: 2000,
    }),
  );
  doc = must(chooseVoice(doc, { id: 3, name: 'cmn-f1', show_name: '晓晓', isPublic: 1 }));
  doc = must(chooseScene(doc, { id: 5, name: '演播室', path: '/s/5.png', sizeType: 1 }));
  doc = must(saveNarration(doc, 0, '第一页的讲解'));
  doc = must(saveNarration(doc, 1, '第二页的讲解'));
  return doc;
}
