import type { ApiClient, CallOptions } from './client';
import type { RequestOf } from './endpoint';
// The project endpoints through their contract module, as one namespace.
import * as project from './project.contract';
import { pptDeleteEndpoint, pptInfoEndpoint, pptListEndpoint, pptUploadEndpoint } from './ppt.contract';
import { characterListEndpoint, sceneListEndpoint, voiceListEndpoint } from './library.contract';
import { textToSpeechEndpoint } from './speech.contract';
import {
  composeCancelEndpoint,
  composeProjectEndpoint,
  composeStatusEndpoint,
  videoListEndpoint,
} from './compose.contract';
import { RES_UPLOAD_VIDEO_KIND, resDeleteEndpoint, resUploadEndpoint } from './resource.contract';
import { sceneDeleteEndpoint, sceneInsertEndpoint, sceneUploadEndpoint } from './scene.contract';
import { demoCopyEndpoint, demoListEndpoint } from './demo.contract';
import {
  speechToTextEndpoint,
  speechToTextInfoEndpoint,
  speechToTextStatusEndpoint,
} from './subtitle.contract';
import {
  textureDeleteEndpoint,
  textureInfoEndpoint,
  textureListEndpoint,
  textureUploadEndpoint,
  type TextureType,
} from './texture.contract';
import {
  materialDeleteEndpoint,
  materialListEndpoint,
  materialUploadEndpoint,
  MATERIAL_PAGE_SIZE,
  type MaterialType,
} from './material.contract';
import { pointsLedgerEndpoint } from './points.contract';

type Progress = (percent: number) => void;

/**
 * Binds the project, slides, library, speech and synthesis calls of spec section 7 to one client.
 * Bodies and answers are typed from the endpoints; these wrappers only fill in the spec's fixed fields.
 */
export function createStudioApi(client: ApiClient) {
  const { call, upload } = client;
  return {
    listProjects: (body: RequestOf<typeof project.projectListEndpoint>, o?: CallOptions) =>
      call(project.projectListEndpoint, body, o),
    /** data is the new project id; the spec's fixed fields are filled in. */
    addProject: (body: RequestOf<typeof project.projectAddEndpoint>, o?: CallOptions) =>
      call(project.projectAddEndpoint, { distinguishability: 2, type: 2, original: 1, ...body }, o),
    renameProject: (projectId: number, projectName: string, o?: CallOptions) =>
      call(project.projectRenameEndpoint, { projectId, projectName }, o),
    deleteProject: (projectId: number, o?: CallOptions) =>
      call(project.projectDeleteEndpoint, { projectId }, o),
    projectDetail: (projectId: number, o?: CallOptions) =>
      call(project.projectDetailEndpoint, { projectId, original: 1 }, o),
    /** original 1 saves a draft, 2 the final (export-coordinate) document; `revision` from detail/last save. */
    updateProject: (body: RequestOf<typeof project.projectUpdateEndpoint>, o?: CallOptions) =>
      call(project.projectUpdateEndpoint, body, o),

    uploadPdf: (file: Blob, fileName: string, onProgress?: Progress) =>
      upload(
        pptUploadEndpoint,
        { name: fileName, description: '', source: '1', type: '2' },
        [{ field: pptUploadEndpoint.fileField, file, name: fileName }],
        { onUploadProgress: onProgress },
      ),
    listPdfs: (pageIndex: number, o?: CallOptions) =>
      call(pptListEndpoint, { pageIndex, pageSize: 6, type: 2 }, o),
    pdfInfo: (pptId: number, o?: CallOptions) => call(pptInfoEndpoint, { pptId, type: 2 }, o),
    deletePdf: (pptId: number, o?: CallOptions) => call(pptDeleteEndpoint, { PptId: pptId, source: 1 }, o),

    listCharacters: (body: RequestOf<typeof characterListEndpoint>, o?: CallOptions) =>
      call(characterListEndpoint, { status: 1, ...body }, o),
    listScenes: (body: RequestOf<typeof sceneListEndpoint>, o?: CallOptions) =>
      call(sceneListEndpoint, body, o),
    listVoices: (body: RequestOf<typeof voiceListEndpoint>, o?: CallOptions) =>
      call(voiceListEndpoint, { platform: 1, ...body }, o),

    textToSpeech: (body: RequestOf<typeof textToSpeechEndpoint>, o?: CallOptions) =>
      call(textToSpeechEndpoint, { ...body, language: '中英混合', platform: 1 }, o),

    composeProject: (projectId: number, o?: CallOptions) => call(composeProjectEndpoint, { projectId }, o),
    composeStatus: (projectId: number, o?: CallOptions) => call(composeStatusEndpoint, { projectId }, o),
    composeCancel: (projectId: number, o?: CallOptions) => call(composeCancelEndpoint, { projectId }, o),
    listVideos: (pageIndex: number, pageSize: number, o?: CallOptions) =>
      call(videoListEndpoint, { pageIndex, pageSize }, o),

    /** resUpload: the audio of voice page `pptSort` (1-based); progress in whole percent. */
    uploadPageAudio: (projectId: number, pptSort: number, file: Blob, name: string, onProgress?: Progress) =>
      upload(
        resUploadEndpoint,
        { projectId: String(projectId), pptSort: String(pptSort) },
        [{ field: resUploadEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** resUpload of a page video (.mp4 only, checked by the server); soundTime is its duration. */
    uploadPageVideo: (projectId: number, pptSort: number, file: Blob, name: string, onProgress?: Progress) =>
      upload(
        resUploadEndpoint,
        { projectId: String(projectId), pptSort: String(pptSort), kind: RES_UPLOAD_VIDEO_KIND },
        [{ field: resUploadEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** resDelete: removes one of the caller's uploaded page resources (a page video). */
    deletePageResource: (body: RequestOf<typeof resDeleteEndpoint>, o?: CallOptions) =>
      call(resDeleteEndpoint, body, o),

    /** scene/upload: a PNG/JPEG scaled and cropped to the orientation; data is its path for insertScene. */
    uploadSceneImage: (file: Blob, name: string, sizeType: 1 | 2, onProgress?: Progress) =>
      upload(
        sceneUploadEndpoint,
        { sizeType: String(sizeType) },
        [{ field: sceneUploadEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** scene/insert: names an uploaded scene image; data is the new (custom) scene. */
    insertScene: (body: RequestOf<typeof sceneInsertEndpoint>, o?: CallOptions) =>
      call(sceneInsertEndpoint, body, o),
    /** scene/delete one of the caller's own scenes; `force`: even when projects use it (else 409 names them). */
    deleteScene: (id: string, force: boolean, o?: CallOptions) => call(sceneDeleteEndpoint, { id, force }, o),

    /** /demo 示例项目: the ready-made examples. */
    listDemos: (o?: CallOptions) => call(demoListEndpoint, {}, o),
    /** Copies an example into the caller's projects, narrated; data is the new project id. */
    copyDemo: (demoId: string, o?: CallOptions) => call(demoCopyEndpoint, { demoId }, o),

    /** texture/list 贴图: built-in stickers of the type followed by the caller's own (pageSize 10). */
    listTextures: (body: RequestOf<typeof textureListEndpoint>, o?: CallOptions) =>
      call(textureListEndpoint, { pageIndex: 1, pageSize: 10, ...body }, o),
    /** texture/upload: a PNG (textureType 1) or GIF (2) sticker of the caller's own; data is the new item. */
    uploadTexture: (file: Blob, name: string, textureType: TextureType, onProgress?: Progress) =>
      upload(
        textureUploadEndpoint,
        {
          textureName: name.replace(/\.[^.]*$/, ''),
          textureType: String(textureType),
          duration: '1.5',
          isGlobal: '2',
        },
        [{ field: textureUploadEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** texture/info: a usable sticker by id; data.path carries a cache-busting timestamp. */
    textureInfo: (textureId: string, o?: CallOptions) => call(textureInfoEndpoint, { textureId }, o),
    /** texture/delete one of the caller's own stickers; `force`: even when projects place it (else 409 names them). */
    deleteTexture: (textureId: string, force: boolean, o?: CallOptions) =>
      call(textureDeleteEndpoint, { textureId, force }, o),

    /** SpeechToText 字幕工具: a recording plus optional script (and language hint); data is the task. */
    speechToText: (
      file: Blob,
      name: string,
      fields: { text: string; language?: string },
      onProgress?: Progress,
    ) =>
      upload(
        speechToTextEndpoint,
        fields.language ? { text: fields.text, language: fields.language } : { text: fields.text },
        [{ field: speechToTextEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** speechToTextStatus: one of the caller's subtitle tasks (cues and file URLs once done). */
    speechToTextStatus: (taskId: number, o?: CallOptions) => call(speechToTextStatusEndpoint, { taskId }, o),
    /** speechToTextInfo: whether recognition without a script is configured, and the limits. */
    speechToTextInfo: (o?: CallOptions) => call(speechToTextInfoEndpoint, {}, o),

    /** userResources/list 素材: every material of one type (2 image, 3 audio), newest first. */
    listMaterials: (type: MaterialType, o?: CallOptions) =>
      call(materialListEndpoint, { pageIndex: 1, pageSize: MATERIAL_PAGE_SIZE, type }, o),
    /** userResources/upload: an image (2) or audio (3) material; data is the new item. */
    uploadMaterial: (file: Blob, name: string, type: MaterialType, onProgress?: Progress) =>
      upload(
        materialUploadEndpoint,
        // The type goes before the file: the server picks the size limit from it while streaming.
        { resourcesType: String(type) },
        [{ field: materialUploadEndpoint.fileField, file, name }],
        { onUploadProgress: onProgress },
      ),
    /** userResources/delete one of the caller's materials; `force`: music projects use (else 409 names them). */
    deleteMaterial: (resourcesId: number, force: boolean, o?: CallOptions) =>
      call(materialDeleteEndpoint, { resourcesId, source: 1, force }, o),
    /** user/points 积分: the balance and one page of the ledger, newest first. */
    pointsLedger: (pageIndex: number, pageSize: number, o?: CallOptions) =>
      call(pointsLedgerEndpoint, { pageIndex, pageSize }, o),
  };
}

/** The studio calls, typed from their endpoints. */
export type StudioApi = ReturnType<typeof createStudioApi>;
