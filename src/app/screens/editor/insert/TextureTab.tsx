import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import type { TextureItem, TextureType } from '../../../../api/texture.contract';
import { stickerMarkerHtml } from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import {
  deleteOwnTexture,
  loadTexturePage,
  textureLists,
  texturePages,
  textureUpload,
  uploadOwnTexture,
} from '../../../state/editorStickers';
import { showMessage } from '../../../state/messages';
import { checkTextureFile, newStickerInstanceId } from './textureFile';
import { HiddenFileInput } from '../../../layout/HiddenFileInput';

/**
 * The 贴图 (PNG) or GIF tab: 10 stickers a page, built-in first then the user's own, with
 * 上一页/下一页; upload of an own PNG/GIF (checked by its first bytes), delete of own ones.
 * Clicking a sticker inserts its marker (a pill with a small thumbnail) at the caret.
 */
export function TextureTab({
  type,
  onInsert,
}: {
  type: TextureType;
  onInsert(html: string, label: string): void;
}) {
  useSignals();
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const list = textureLists[type].value;
  const pages = texturePages(type);
  const upload = textureUpload.value;
  const kind = type === 2 ? 'gif' : 'png';

  useEffect(() => {
    void loadTexturePage(type, textureLists[type].peek().pageIndex);
  }, [type]);

  const choose = (item: TextureItem) =>
    onInsert(
      stickerMarkerHtml({ textureId: item.textureId, kind, id: newStickerInstanceId(), path: item.path }),
      item.name || item.textureId,
    );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkTextureFile(file, type);
    if (problem) return void showMessage('error', problem);
    await uploadOwnTexture(file, file.name, type);
  };

  return (
    <div className="ps-ins-textures" data-testid={`texture-tab-${kind}`}>
      <div className="ps-ins-texture-bar">
        <p className="ps-ins-hint">{type === 2 ? t('stickers.gifHint') : t('stickers.pngHint')}</p>
        <Button
          basic
          size="small"
          loading={upload?.type === type}
          disabled={!!upload}
          data-testid={`texture-upload-${kind}`}
          onClick={() => input.current?.click()}
        >
          <Icon name="upload" />
          {upload?.type === type
            ? t('stickers.uploading', { percent: upload.percent })
            : type === 2
              ? t('stickers.uploadGif')
              : t('stickers.upload')}
        </Button>
        <HiddenFileInput
          ref={input}
          accept={type === 2 ? 'image/gif' : 'image/png'}
          testId={`texture-upload-input-${kind}`}
          onPick={(file) => void onFile(file)}
        />
      </div>

      <div className={`ps-ins-texture-grid${list.loading ? ' loading' : ''}`} data-testid="texture-grid">
        {list.items.map((item) => (
          <div
            key={item.textureId}
            className="ps-ins-texture"
            data-testid="texture-item"
            data-id={item.textureId}
          >
            <button
              type="button"
              className="ps-ins-texture-pick"
              title={item.name}
              data-testid={`texture-pick-${item.textureId}`}
              onClick={() => choose(item)}
            >
              <img src={resolveServerUrl(item.path)} alt={item.name} draggable={false} />
              <span className="ps-ins-texture-name">{item.name || item.textureId}</span>
            </button>
            {item.own && (
              <>
                <span className="ps-ins-texture-own">{t('stickers.own')}</span>
                <button
                  type="button"
                  className="ps-ins-texture-delete"
                  title={t('stickers.delete')}
                  aria-label={t('stickers.delete')}
                  data-testid={`texture-delete-${item.textureId}`}
                  onClick={() => void deleteOwnTexture(item)}
                >
                  <Icon name="trash alternate outline" fitted />
                </button>
              </>
            )}
          </div>
        ))}
        {!list.loading && !list.failed && list.items.length === 0 && (
          <div className="ps-ins-texture-empty">{t('stickers.empty')}</div>
        )}
        {list.failed && (
          <button
            type="button"
            className="ui basic button ps-ins-texture-empty"
            onClick={() => void loadTexturePage(type, list.pageIndex)}
          >
            {t('stickers.failed')}
          </button>
        )}
      </div>

      <div className="ps-ins-pager">
        <Button
          basic
          size="mini"
          disabled={list.loading || list.pageIndex <= 1}
          data-testid="texture-prev"
          onClick={() => void loadTexturePage(type, list.pageIndex - 1)}
        >
          <Icon name="chevron left" />
          {t('stickers.prev')}
        </Button>
        <span data-testid="texture-page">{t('stickers.pageOf', { page: list.pageIndex, pages })}</span>
        <Button
          basic
          size="mini"
          disabled={list.loading || list.pageIndex >= pages}
          data-testid="texture-next"
          onClick={() => void loadTexturePage(type, list.pageIndex + 1)}
        >
          {t('stickers.next')}
          <Icon name="chevron right" />
        </Button>
      </div>
    </div>
  );
}
