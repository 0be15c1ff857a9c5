import type { ApiClient, CallOptions } from './client';
import {
  presenterAddEndpoint,
  presenterDeleteEndpoint,
  presenterMineEndpoint,
  presenterTemplateEndpoint,
  type PresenterKind,
} from './presenter.contract';

/** What 新建数字人 sends: the text fields of its kind and the files by field name. */
export interface PresenterDraftForm {
  name: string;
  kind: PresenterKind;
  /** Kind settings as form fields (mouthX.., eyesX.., keyEnabled, keyColor, keySimilarity). */
  fields: Record<string, string>;
  /** Files by field (body, mouthA..mouthX, blink, video, picture). */
  files: Record<string, File>;
}

/** Binds the 我的数字人 calls (presenter.contract.ts) to one client. */
export function createPresenterApi(client: ApiClient) {
  return {
    /** The caller's own presenters in every state (processing, usable, failed), newest first. */
    listMine: (pageIndex: number, pageSize: number, o?: CallOptions) =>
      client.call(presenterMineEndpoint, { pageIndex, pageSize }, o),
    /** virtual/add: one multipart request with every file; data is the new presenter. */
    create: (form: PresenterDraftForm, onProgress?: (percent: number) => void) =>
      client.upload(
        presenterAddEndpoint,
        // Text fields before the files, so the server can refuse a bad form before storing bytes.
        { name: form.name, kind: String(form.kind), ...form.fields },
        Object.entries(form.files).map(([field, file]) => ({ field, file, name: file.name })),
        { onUploadProgress: onProgress },
      ),
    /** `force`: delete a presenter projects use (else 409 names them). */
    remove: (id: string, force: boolean, o?: CallOptions) =>
      client.call(presenterDeleteEndpoint, { id, force }, o),
    /** URL of the kind-1 template PNG (a plain download link, no login needed). */
    templateUrl: (baseUrl: string) => `${baseUrl}${presenterTemplateEndpoint.path}`,
  };
}

/** 我的数字人 calls. */
export type PresenterApi = ReturnType<typeof createPresenterApi>;
