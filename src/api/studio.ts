import type { ApiClient, CallOptions } from './client';
import type { Envelope } from './envelope';
import {
  projectAddEndpoint,
  projectDeleteEndpoint,
  projectDetailEndpoint,
  projectListEndpoint,
  projectRenameEndpoint,
  projectUpdateEndpoint,
  type ProjectDetailData,
  type ProjectListData,
  type ProjectUpdateData,
} from './project.contract';
import {
  pptDeleteEndpoint,
  pptInfoEndpoint,
  pptListEndpoint,
  pptUploadEndpoint,
  type PptItem,
  type PptListData,
  type PptUploadData,
} from './ppt.contract';
import {
  characterListEndpoint,
  sceneListEndpoint,
  voiceListEndpoint,
  type CharacterItem,
  type PageOf,
  type SceneItem,
  type VoiceItem,
} from './library.contract';
import { textToSpeechEndpoint, type SpeechData } from './speech.contract';
import {
  composeCancelEndpoint,
  composeProjectEndpoint,
  composeStatusEndpoint,
  videoListEndpoint,
  type ComposeStatus,
  type VideoItem,
} from './compose.contract';
import {
  RES_UPLOAD_VIDEO_KIND,
  resDeleteEndpoint,
  resUploadEndpoint,
  type ResDeleteRequest,
  type ResUploadData,
} from './resource.contract';
import {
  sceneDeleteEndpoint,
  sceneInsertEndpoint,
  sceneUploadEndpoint,
  type SceneInsertRequest,
} from './scene.contract';
import { demoCopyEndpoint, demoListEndpoint, type DemoItem } from './demo.contract';
import {
  speechToTextEndpoint,
  speechToTextInfoEndpoint,
  speechToTextStatusEndpoint,
  type SpeechToTextInfo,
  type SubtitleTask,
} from './subtitle.contract';
import {
  textureDeleteEndpoint,
  textureInfoEndpoint,
  textureListEndpoint,
  textureUploadEndpoint,
  type TextureInfoData,
  type TextureItem,
  type TextureListData,
  type TextureListRequest,
  type TextureType,
} from './texture.contract';

import {
  materialDeleteEndpoint,
  materialListEndpoint,
  materialUploadEndpoint,
  MATERIAL_PAGE_SIZE,
  type MaterialItem,
  type MaterialListData,
  type MaterialType,
} from './material.contract';
import { pointsLedgerEndpoint, type PointsLedgerData } from './points.contract';

type Call<T> = Promise<Envelope<T>>;

/** The project, slides, library, speech and synthesis calls of spec section 7, typed from their contracts. */
export interface StudioApi {
  listProjects(
    body: { pageIndex: number; pageSize: number; proKind?: number },
    o?: CallOptions,
  ): Call<ProjectListData>;
  /** data is the new project id; the spec's fixed fields are filled in. */
  addProject(body: { proKind: number; name?: string; description?: string }, o?: CallOptions): Call<number>;
  renameProject(projectId: number, projectName: string, o?: CallOptions): Call<null>;
  deleteProject(projectId: number, o?: CallOptions): Call<null>;
  projectDetail(projectId: number, o?: CallOptions): Call<ProjectDetailData>;
  /** original 1 saves a draft, 2 the final (export-coordinate) document; `revision` from detail/last save. */
  updateProject(
    body: { projectId: number; userProjectInfo: string; original: 1 | 2; revision: number },
    o?: CallOptions,
  ): Call<ProjectUpdateData>;

  uploadPdf(file: Blob, fileName: string, onProgress?: (percent: number) => void): Call<PptUploadData>;
  listPdfs(pageIndex: number, o?: CallOptions): Call<PptListData>;
  pdfInfo(pptId: number, o?: CallOptions): Call<PptItem>;
  deletePdf(pptId: number, o?: CallOptions): Call<null>;

  listCharacters(
    body: { pageIndex: number; pageSize: number; isPublic: number },
    o?: CallOptions,
  ): Call<PageOf<CharacterItem>>;
  listScenes(
    body: { pageIndex: number; pageSize: number; sizeType: number },
    o?: CallOptions,
  ): Call<PageOf<SceneItem>>;
  listVoices(
    body: { pageIndex: number; pageSize: number; isPublic: number; sex?: number },
    o?: CallOptions,
  ): Call<PageOf<VoiceItem>>;

  textToSpeech(
    body: { projectId?: number; timbreId: string; text: string },
    o?: CallOptions,
  ): Call<SpeechData>;

  composeProject(projectId: number, o?: CallOptions): Call<ComposeStatus>;
  composeStatus(projectId: number, o?: CallOptions): Call<ComposeStatus>;
  composeCancel(projectId: number, o?: CallOptions): Call<ComposeStatus>;
  listVideos(
    pageIndex: number,
    pageSize: number,
    o?: CallOptions,
  ): Call<{ list: VideoItem[]; count: number }>;

  /** resUpload: the audio of voice page `pptSort` (1-based); progress in whole percent. */
  uploadPageAudio(
    projectId: number,
    pptSort: number,
    file: Blob,
    name: string,
    onProgress?: (percent: number) => void,
  ): Call<ResUploadData>;

  /** scene/upload: a PNG/JPEG scaled and cropped to the orientation; data is its path for insertScene. */
  uploadSceneImage(
    file: Blob,
    name: string,
    sizeType: 1 | 2,
    onProgress?: (percent: number) => void,
  ): Call<string>;
  /** scene/insert: names an uploaded scene image; data is the new (custom) scene. */
  insertScene(body: SceneInsertRequest, o?: CallOptions): Call<SceneItem>;
  /** scene/delete: one of the caller's own scenes. */
  /** `force`: delete even when projects use it (else 409 names them). */
  deleteScene(id: string, force: boolean, o?: CallOptions): Call<null>;

  /** /demo 示例项目: the ready-made examples. */
  listDemos(o?: CallOptions): Call<DemoItem[]>;
  /** Copies an example into the caller's projects, narrated; data is the new project id. */
  copyDemo(demoId: string, o?: CallOptions): Call<number>;

  /** resUpload of a page video (.mp4 only, checked by the server); soundTime is its duration. */
  uploadPageVideo(
    projectId: number,
    pptSort: number,
    file: Blob,
    name: string,
    onProgress?: (percent: number) => void,
  ): Call<ResUploadData>;
  /** resDelete: removes one of the caller's uploaded page resources (a page video). */
  deletePageResource(body: ResDeleteRequest, o?: CallOptions): Call<null>;

  /** texture/list 贴图: built-in stickers of the type followed by the caller's own (pageSize 10). */
  listTextures(body: Partial<TextureListRequest>, o?: CallOptions): Call<TextureListData>;
  /** texture/upload: a PNG (textureType 1) or GIF (2) sticker of the caller's own; data is the new item. */
  uploadTexture(
    file: Blob,
    name: string,
    textureType: TextureType,
    onProgress?: (percent: number) => void,
  ): Call<TextureItem>;
  /** texture/info: a usable sticker by id; data.path carries a cache-busting timestamp. */
  textureInfo(textureId: string, o?: CallOptions): Call<TextureInfoData>;

  /** SpeechToText 字幕工具: a recording plus optional script (and language hint); data is the task. */
  speechToText(
    file: Blob,
    name: string,
    fields: { text: string; language?: string },
    onProgress?: (percent: number) => void,
  ): Call<SubtitleTask>;
  /** speechToTextStatus: one of the caller's subtitle tasks (cues and file URLs once done). */
  speechToTextStatus(taskId: number, o?: CallOptions): Call<SubtitleTask>;
  /** speechToTextInfo: whether recognition without a script is configured, and the limits. */
  speechToTextInfo(o?: CallOptions): Call<SpeechToTextInfo>;

  /** userResources/list 素材: every material of one type (2 image, 3 audio), newest first. */
  listMaterials(type: MaterialType, o?: CallOptions): Call<MaterialListData>;
  /** userResources/upload: an image (2) or audio (3) material; data is the new item. */
  uploadMaterial(
    file: Blob,
    name: string,
    type: MaterialType,
    onProgress?: (percent: number) => void,
  ): Call<MaterialItem>;
  /** userResources/delete: one of the caller's materials. */
  /** `force`: delete music projects use (else 409 names them). */
  deleteMaterial(resourcesId: number, force: boolean, o?: CallOptions): Call<null>;
  /** user/points 积分: the balance and one page of the ledger, newest first. */
  pointsLedger(pageIndex: number, pageSize: number, o?: CallOptions): Call<PointsLedgerData>;
  /** texture/delete: one of the caller's own stickers. */
  deleteTexture(textureId: string, o?: CallOptions): Call<null>;
}

/** Binds the studio calls to one client. */
export function createStudioApi(client: ApiClient): StudioApi {
  return {
    listProjects: (body, o) => client.call(projectListEndpoint, body, o),
    addProject: (body, o) =>
      client.call(projectAddEndpoint, { distinguishability: 2, type: 2, original: 1, ...body }, o),
    renameProject: (projectId, projectName, o) =>
      client.call(projectRenameEndpoint, { projectId, projectName }, o),
    deleteProject: (projectId, o) => client.call(projectDeleteEndpoint, { projectId }, o),
    projectDetail: (projectId, o) => client.call(projectDetailEndpoint, { projectId, original: 1 }, o),
    updateProject: (body, o) => client.call(projectUpdateEndpoint, body, o),

    uploadPdf: (file, fileName, onProgress) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: fileName, description: '', source: '1', type: '2' }))
        form.append(k, v);
      form.append(pptUploadEndpoint.fileField, file, fileName);
      return client.upload(pptUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    listPdfs: (pageIndex, o) => client.post(pptListEndpoint.path, { pageIndex, pageSize: 6, type: 2 }, o),
    pdfInfo: (pptId, o) => client.post(pptInfoEndpoint.path, { pptId, type: 2 }, o),
    deletePdf: (pptId, o) => client.post(pptDeleteEndpoint.path, { PptId: pptId, source: 1 }, o),

    listCharacters: (body, o) => client.post(characterListEndpoint.path, { status: 1, ...body }, o),
    listScenes: (body, o) => client.post(sceneListEndpoint.path, body, o),
    listVoices: (body, o) => client.post(voiceListEndpoint.path, { platform: 1, ...body }, o),

    textToSpeech: (body, o) =>
      client.post(textToSpeechEndpoint.path, { ...body, language: '中英混合', platform: 1 }, o),

    composeProject: (projectId, o) => client.post(composeProjectEndpoint.path, { projectId }, o),
    composeStatus: (projectId, o) => client.post(composeStatusEndpoint.path, { projectId }, o),
    composeCancel: (projectId, o) => client.post(composeCancelEndpoint.path, { projectId }, o),
    listVideos: (pageIndex, pageSize, o) => client.post(videoListEndpoint.path, { pageIndex, pageSize }, o),
    uploadPageAudio: (projectId, pptSort, file, name, onProgress) => {
      // Fields before the file: the server reads them when the file part starts.
      const form = new FormData();
      form.append('projectId', String(projectId));
      form.append('pptSort', String(pptSort));
      form.append(resUploadEndpoint.fileField, file, name);
      return client.upload(resUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    uploadSceneImage: (file, name, sizeType, onProgress) => {
      const form = new FormData();
      form.append('sizeType', String(sizeType));
      form.append(sceneUploadEndpoint.fileField, file, name);
      return client.upload(sceneUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    insertScene: (body, o) => client.post(sceneInsertEndpoint.path, body, o),
    deleteScene: (id, force, o) => client.post(sceneDeleteEndpoint.path, { id, force }, o),
    listDemos: (o) => client.post(demoListEndpoint.path, {}, o),
    copyDemo: (demoId, o) => client.post(demoCopyEndpoint.path, { demoId }, o),
    uploadPageVideo: (projectId, pptSort, file, name, onProgress) => {
      const form = new FormData();
      form.append('projectId', String(projectId));
      form.append('pptSort', String(pptSort));
      form.append('kind', RES_UPLOAD_VIDEO_KIND);
      form.append(resUploadEndpoint.fileField, file, name);
      return client.upload(resUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    deletePageResource: (body, o) => client.post(resDeleteEndpoint.path, body, o),
    listTextures: (body, o) =>
      client.post(textureListEndpoint.path, { pageIndex: 1, pageSize: 10, ...body }, o),
    uploadTexture: (file, name, textureType, onProgress) => {
      // Fields before the file: the server reads them when the file part starts.
      const form = new FormData();
      form.append('textureName', name.replace(/\.[^.]*$/, ''));
      form.append('textureType', String(textureType));
      form.append('duration', '1.5');
      form.append('isGlobal', '2');
      form.append(textureUploadEndpoint.fileField, file, name);
      return client.upload(textureUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    textureInfo: (textureId, o) => client.post(textureInfoEndpoint.path, { textureId }, o),
    speechToText: (file, name, fields, onProgress) => {
      // Fields before the file: the server reads them when the file part starts.
      const form = new FormData();
      form.append('text', fields.text);
      if (fields.language) form.append('language', fields.language);
      form.append(speechToTextEndpoint.fileField, file, name);
      return client.upload(speechToTextEndpoint.path, form, { onUploadProgress: onProgress });
    },
    speechToTextStatus: (taskId, o) => client.post(speechToTextStatusEndpoint.path, { taskId }, o),
    speechToTextInfo: (o) => client.post(speechToTextInfoEndpoint.path, {}, o),
    listMaterials: (type, o) =>
      client.post(materialListEndpoint.path, { pageIndex: 1, pageSize: MATERIAL_PAGE_SIZE, type }, o),
    uploadMaterial: (file, name, type, onProgress) => {
      // The type goes before the file: the server picks the size limit from it while streaming.
      const form = new FormData();
      form.append('resourcesType', String(type));
      form.append(materialUploadEndpoint.fileField, file, name);
      return client.upload(materialUploadEndpoint.path, form, { onUploadProgress: onProgress });
    },
    deleteMaterial: (resourcesId, force, o) =>
      client.post(materialDeleteEndpoint.path, { resourcesId, source: 1, force }, o),
    pointsLedger: (pageIndex, pageSize, o) =>
      client.post(pointsLedgerEndpoint.path, { pageIndex, pageSize }, o),
    deleteTexture: (textureId, o) => client.post(textureDeleteEndpoint.path, { textureId }, o),
  };
}
