import type { ApiClient, CallOptions } from './client';
import type { Envelope } from './envelope';
import type { CharacterItem, PageOf } from './library.contract';
import {
  presenterAddEndpoint,
  presenterDeleteEndpoint,
  presenterMineEndpoint,
  presenterTemplateEndpoint,
  type PresenterKind,
} from './presenter.contract';

type Call<T> = Promise<Envelope<T>>;

/** What 新建数字人 sends: the text fields of its kind and the files by field name. */
export interface PresenterDraftForm {
  name: string;
  kind: PresenterKind;
  /** Kind settings as form fields (mouthX.., eyesX.., keyEnabled, keyColor, keySimilarity). */
  fields: Record<string, string>;
  /** Files by field (body, mouthA..mouthX, blink, video, picture). */
  files: Record<string, File>;
}

/** 我的数字人 calls (presenter.contract.ts). */
export interface PresenterApi {
  /** The caller's own presenters in every state (processing, usable, failed), newest first. */
  listMine(pageIndex: number, pageSize: number, o?: CallOptions): Call<PageOf<CharacterItem>>;
  /** virtual/add: one multipart request with every file; data is the new presenter. */
  create(form: PresenterDraftForm, onProgress?: (percent: number) => void): Call<CharacterItem>;
  /** `force`: delete a presenter projects use (else 409 names them). */
  remove(id: string, force: boolean, o?: CallOptions): Call<null>;
  /** URL of the kind-1 template PNG (a plain download link, no login needed). */
  templateUrl(baseUrl: string): string;
}

/** Binds the 我的数字人 calls to one client. */
export function createPresenterApi(client: ApiClient): PresenterApi {
  return {
    listMine: (pageIndex, pageSize, o) => client.post(presenterMineEndpoint.path, { pageIndex, pageSize }, o),
    create: (form, onProgress) => {
      // Text fields before the files, so the server can refuse a bad form before storing bytes.
      const data = new FormData();
      data.append('name', form.name);
      data.append('kind', String(form.kind));
      for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
      for (const [field, file] of Object.entries(form.files)) data.append(field, file, file.name);
      return client.upload(presenterAddEndpoint.path, data, { onUploadProgress: onProgress });
    },
    remove: (id, force, o) => client.post(presenterDeleteEndpoint.path, { id, force }, o),
    templateUrl: (baseUrl) => `${baseUrl}${presenterTemplateEndpoint.path}`,
  };
}
