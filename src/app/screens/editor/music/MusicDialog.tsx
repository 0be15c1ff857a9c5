import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Icon, Loader, Modal } from 'semantic-ui-react';
import { TitledModal } from '../../../layout/TitledModal';
import type { MaterialItem } from '../../../../api/material.contract';
import { DEFAULT_MUSIC_VOLUME } from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import { doc } from '../../../state/editor';
import { applyMusic } from '../../../state/editorMusic';
import {
  loadMaterials,
  materialLists,
  playingMaterial,
  playMaterial,
  setPreviewVolume,
  stopMaterial,
} from '../../../state/materials';
import { showMessage } from '../../../state/messages';
import { MaterialUploadButton } from '../../materials/MaterialUploadButton';
import { formatDuration } from '../../materials/formatMaterial';
import './music.css';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * 背景音乐: pick one of the author's audio materials (or 无背景音乐), upload one in place, set the
 * volume and hear it at that level; 确定 writes both into the document as one undoable command.
 */
export function MusicDialog({ open, onClose }: Props) {
  useSignals();
  const { t } = useTranslation('materials');
  const [path, setPath] = useState('');
  const [percent, setPercent] = useState(DEFAULT_MUSIC_VOLUME * 100);
  const audio = materialLists[3];

  useEffect(() => {
    if (!open) return;
    const d = doc.peek();
    setPath(d?.bgMusic ?? '');
    setPercent(Math.round((d?.bgMusicVolume ?? DEFAULT_MUSIC_VOLUME) * 100));
    void loadMaterials(3);
    return () => stopMaterial();
  }, [open]);

  const volume = percent / 100;
  const previewing = playingMaterial.value !== null;
  const preview = (item: MaterialItem) =>
    playingMaterial.value === item.path
      ? stopMaterial()
      : playMaterial(resolveServerUrl(item.path), item.path, volume);
  const onVolume = (value: number) => {
    setPercent(value);
    setPreviewVolume(value / 100);
  };
  const chosenItem = audio.items.value.find((m) => m.path === path);
  const missing = path !== '' && audio.loaded.value && !chosenItem;
  const confirm = () => {
    const result = applyMusic(missing ? '' : path, volume);
    if (!result.ok) {
      showMessage('error', result.error);
      return;
    }
    showMessage('success', t('music.applied'));
    onClose();
  };

  return (
    <TitledModal
      open={open}
      size="small"
      closeIcon
      onClose={onClose}
      className="ps-music-dialog"
      data-testid="music-dialog"
      icon="music"
      iconColor="blue"
      title={t('music.title')}
    >
      <Modal.Content>
        <div className="ps-music-toolbar">
          <MaterialUploadButton
            type={3}
            label={t('music.upload')}
            onUploaded={(item) => setPath(item.path)}
          />
          <Link to="/my?tab=materials" className="ps-music-manage" onClick={onClose}>
            <Icon name="folder open outline" />
            {t('music.manage')}
          </Link>
        </div>
        <ul className="ps-music-list" role="listbox" data-testid="music-list">
          <li
            role="option"
            aria-selected={path === ''}
            className={path === '' ? 'is-chosen' : ''}
            data-testid="music-none"
            onClick={() => setPath('')}
          >
            <span className="ps-music-radio" />
            <Icon name="volume off" className="ps-music-none-icon" />
            <span className="ps-music-name">
              {t('music.none')}
              <small>{t('music.noneHint')}</small>
            </span>
          </li>
          {missing && (
            <li className="is-chosen is-missing" data-testid="music-missing">
              <span className="ps-music-radio" />
              <Icon name="warning sign" color="orange" />
              <span className="ps-music-name">{t('music.missing')}</span>
            </li>
          )}
          {audio.items.value.map((item) => {
            const chosen = item.path === path;
            const playing = playingMaterial.value === item.path;
            return (
              <li
                key={item.resourcesId}
                role="option"
                aria-selected={chosen}
                className={chosen ? 'is-chosen' : ''}
                data-testid={`music-item-${item.resourcesId}`}
                onClick={() => setPath(item.path)}
              >
                <span className="ps-music-radio" />
                <button
                  type="button"
                  className={`ps-music-play${playing ? ' is-playing' : ''}`}
                  title={playing ? t('stop') : t('play')}
                  aria-label={playing ? t('stop') : t('play')}
                  data-testid={`music-play-${item.resourcesId}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    preview(item);
                  }}
                >
                  <Icon name={playing ? 'stop' : 'play'} />
                </button>
                <span className="ps-music-name" title={item.name}>
                  {item.name}
                </span>
                <span className="ps-music-length">{formatDuration(item.durationMs)}</span>
              </li>
            );
          })}
          {!audio.loaded.value && <Loader active inline="centered" size="small" />}
          {audio.loaded.value && audio.items.value.length === 0 && (
            <li className="ps-music-empty" data-testid="music-empty">
              {t('music.empty')}
            </li>
          )}
        </ul>
        <div className={`ps-music-volume${path === '' || missing ? ' is-disabled' : ''}`}>
          <label htmlFor="ps-music-volume">
            <Icon name="volume up" />
            {t('music.volume')}
          </label>
          <input
            id="ps-music-volume"
            type="range"
            min={0}
            max={100}
            step={1}
            value={percent}
            disabled={path === '' || missing}
            data-testid="music-volume"
            onChange={(e) => onVolume(Number(e.target.value))}
          />
          <strong data-testid="music-volume-value">{percent}%</strong>
          <Button
            basic
            size="small"
            icon={previewing ? 'stop' : 'play'}
            content={previewing ? t('music.stopPreview') : t('music.preview')}
            disabled={!chosenItem}
            data-testid="music-preview"
            onClick={() => (previewing ? stopMaterial() : chosenItem && preview(chosenItem))}
          />
          <p>{t('music.duckHint')}</p>
        </div>
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose} data-testid="music-cancel">
          {t('music.cancel')}
        </Button>
        <Button primary onClick={confirm} data-testid="music-ok">
          {t('music.ok')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
