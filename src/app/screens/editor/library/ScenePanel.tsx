import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { SceneItem } from '../../../../api/library.contract';
import { orientationOf } from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import { confirmDialog } from '../../../state/confirm';
import { doc, projectId } from '../../../state/editor';
import {
  deleteScene,
  loadScenes,
  openScenes,
  scenes,
  sceneSizeType,
  sceneUploadOpen,
  setSceneSizeType,
} from '../../../state/library';
import { showMessage } from '../../../state/messages';
import { applyScene } from './applyScene';
import { isChosenScene } from './libraryCommands';
import { ListStatus } from './ListStatus';
import { SceneUploadDialog } from './SceneUploadDialog';
import { SegmentedSwitch } from './SegmentedSwitch';
import { useInfiniteScroll } from './useInfiniteScroll';

/** The orientation is already on the switch, so a trailing (竖屏)/(横屏) is left off the card. */
const shortName = (name: string) => name.replace(/\s*[(（](竖屏|横屏)[)）]$/, '') || name;

/**
 * 场景 tab: the landscape/portrait switch filters the list (choosing a scene decides the project's
 * orientation); 10 scenes first, 10 more per scroll after 500 ms, then 我也是有底线的. The first card
 * opens 上传自定义背景; only custom scenes (with userId) have a delete button.
 */
export function ScenePanel() {
  useSignals();
  const { t } = useTranslation('library');
  const list = scenes.items.value;
  const more = () => void loadScenes();
  const { ref, onScroll } = useInfiniteScroll(
    more,
    !scenes.done.value && !scenes.loading.value && !scenes.failed.value,
    list.length,
  );

  useEffect(() => {
    openScenes(projectId.value, orientationOf(doc.value?.distinguishability ?? 1));
  }, []);

  const choose = (s: SceneItem) => void applyScene(s);

  async function remove(e: MouseEvent, s: SceneItem) {
    e.stopPropagation();
    const yes = await confirmDialog({
      title: t('scene.deleteTitle'),
      content: t('scene.deleteConfirm'),
      confirmText: t('scene.confirm'),
      cancelText: t('scene.cancel'),
      testId: 'confirm-delete-scene',
    });
    if (!yes) {
      showMessage('info', t('scene.cancelled'));
      return;
    }
    try {
      if (await deleteScene(s.id)) showMessage('success', t('scene.deleted'));
    } catch {
      // The client showed the server's message.
    }
  }

  const sizeType = sceneSizeType.value;
  const empty = scenes.done.value && list.length === 0;
  return (
    <div className="ps-lib-panel" data-testid="library-panel-scene">
      <div className="ps-lib-toolbar">
        <SegmentedSwitch
          testId="scene-orientation"
          label={t('tabs.scene')}
          value={sizeType}
          onChange={setSceneSizeType}
          options={[
            { value: 1, label: t('orientation.landscape') },
            { value: 2, label: t('orientation.portrait') },
          ]}
        />
        <span className="ps-lib-toolbar-hint">
          {sizeType === 1 ? t('scene.landscapeHint') : t('scene.portraitHint')}
        </span>
      </div>
      <div className="ps-lib-scroll" ref={ref} onScroll={onScroll} data-testid="scene-list">
        <div className={`ps-lib-grid ps-lib-grid--${sizeType === 2 ? 'portrait' : 'landscape'}`}>
          <button
            type="button"
            className="ps-lib-card ps-lib-scene ps-lib-scene-add"
            data-testid="scene-upload-entry"
            onClick={() => (sceneUploadOpen.value = true)}
          >
            <span className="ps-lib-scene-add-icon">
              <Icon name="plus" />
            </span>
            <span className="ps-lib-scene-add-label">{t('sceneUpload.entry')}</span>
            <span className="ps-lib-scene-add-hint">{t('sceneUpload.entryHint')}</span>
          </button>
          {list.map((s) => {
            const selected = isChosenScene(doc.value, s);
            const custom = s.userId !== null && s.userId !== undefined;
            return (
              <div
                role="button"
                tabIndex={0}
                key={s.id}
                className={`ps-lib-card ps-lib-scene${selected ? ' selected' : ''}`}
                data-testid="scene-item"
                data-id={s.id}
                data-custom={custom}
                data-selected={selected}
                aria-pressed={selected}
                title={s.name}
                onClick={() => choose(s)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose(s)}
              >
                <img
                  className="ps-lib-scene-thumb"
                  src={resolveServerUrl(s.thumb || s.path)}
                  alt=""
                  loading="lazy"
                  draggable={false}
                />
                <span className="ps-lib-scene-name">{shortName(s.name)}</span>
                {custom && <span className="ps-lib-scene-tag">{t('scene.custom')}</span>}
                {custom && (
                  <button
                    type="button"
                    className="ps-lib-scene-delete"
                    title={t('scene.delete')}
                    aria-label={t('scene.delete')}
                    data-testid="scene-delete"
                    onClick={(e) => void remove(e, s)}
                  >
                    <Icon name="trash alternate outline" />
                  </button>
                )}
                {selected && (
                  <span className="ps-lib-check" aria-label={t('selected')}>
                    <Icon name="check" />
                  </span>
                )}
              </div>
            );
          })}
        </div>
        <ListStatus
          loading={scenes.loading.value}
          failed={scenes.failed.value}
          empty={empty}
          done={scenes.done.value}
          emptyIcon="image outline"
          emptyText={t('scene.empty')}
          endText={t('end')}
          onRetry={() => void loadScenes(scenes.page.value === 0)}
        />
      </div>
      <SceneUploadDialog />
    </div>
  );
}
