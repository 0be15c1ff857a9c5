import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon, Input, Modal } from 'semantic-ui-react';
import { TitledModal } from '../../../layout/TitledModal';
import { SCENE_NAME_MAX, SCENE_SIZES } from '../../../../api/scene.contract';
import { translateMessage } from '../../../i18n';
import { addCustomScene, sceneSizeType, sceneUploadOpen } from '../../../state/library';
import { showMessage } from '../../../state/messages';
import { applyScene } from './applyScene';
import {
  checkSceneImage,
  SCENE_IMAGE_ACCEPT,
  validateSceneDraft,
  type SceneDraft,
  type SceneDraftErrors,
} from './sceneUploadRules';
import { SegmentedSwitch } from './SegmentedSwitch';
import './sceneUpload.css';
import { useFileDrop } from '../../../hooks/useFileDrop';
import { useObjectUrl } from '../../../hooks/useObjectUrl';
import { useUpload } from '../../../hooks/useUpload';
import { UploadProgressLine } from '../../../layout/UploadProgressLine';
import { HiddenFileInput } from '../../../layout/HiddenFileInput';

/**
 * 上传自定义背景: the scene form (spec 3: name, path, sizeType). The preview crops like the server
 * (cover, centred), so what the author sees is the background the video gets. 确定 uploads, names
 * the scene, shows it first in the list and applies it to the project.
 */
export function SceneUploadDialog() {
  useSignals();
  const { t } = useTranslation('library');
  const open = sceneUploadOpen.value;
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<SceneDraft>({ name: '', sizeType: 1, file: null });
  const [errors, setErrors] = useState<SceneDraftErrors>({});
  // The upload's percent while sending (100 = the server is processing).
  const { upload, busy, run } = useUpload();
  const preview = useObjectUrl(open ? draft.file : null);

  useEffect(() => {
    if (!open) return;
    // A fresh form each time, on the orientation the list shows.
    setDraft({ name: '', sizeType: sceneSizeType.peek(), file: null });
    setErrors({});
  }, [open]);

  const close = () => {
    if (!busy) sceneUploadOpen.value = false;
  };

  async function pick(file: File | undefined) {
    if (!file || busy) return;
    const problem = await checkSceneImage(file);
    if (problem) {
      setErrors((e) => ({ ...e, file: problem }));
      return;
    }
    setDraft((d) => ({ ...d, file }));
    setErrors((e) => ({ ...e, file: undefined }));
  }

  async function submit() {
    const found = validateSceneDraft(draft);
    setErrors(found);
    if (busy || found.name || found.file || !draft.file) return;
    const file = draft.file;
    try {
      const item = await run({}, (onProgress) =>
        addCustomScene({ name: draft.name, sizeType: draft.sizeType, file }, onProgress),
      );
      applyScene(item);
      showMessage('success', t('sceneUpload.added'));
      sceneUploadOpen.value = false;
    } catch {
      // The client already showed the server's message; the form stays for another try.
    }
  }

  const { dragging, dropHandlers } = useFileDrop((file) => void pick(file), busy);
  const size = SCENE_SIZES[draft.sizeType];
  const shape = draft.sizeType === 2 ? 'portrait' : 'landscape';

  return (
    <TitledModal
      open={open}
      size="small"
      className="ps-scene-upload"
      closeIcon={!busy}
      closeOnDimmerClick={!busy}
      onClose={close}
      data-testid="scene-upload-dialog"
      icon="image outline"
      title={t('sceneUpload.title')}
    >
      <Modal.Content>
        <Form id="scene-upload-form" noValidate onSubmit={() => void submit()}>
          <div className="ps-scene-upload-body">
            <Form.Field required error={!!errors.file} className="ps-scene-upload-image">
              <label htmlFor="scene-upload-input">{t('sceneUpload.image')}</label>
              <div className={`ps-scene-upload-stage${dragging ? ' is-dragging' : ''}`} {...dropHandlers}>
                <button
                  type="button"
                  className={`ps-scene-upload-frame ps-scene-upload-frame--${shape}${preview ? ' has-image' : ''}`}
                  disabled={busy}
                  data-testid="scene-upload-picker"
                  onClick={() => input.current?.click()}
                >
                  {preview ? (
                    <>
                      <img src={preview} alt="" data-testid="scene-upload-preview" />
                      {!busy && (
                        <span className="ps-scene-upload-replace">
                          <Icon name="sync alternate" />
                          {t('sceneUpload.replace')}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="ps-scene-upload-empty">
                      <Icon name="cloud upload" size="big" />
                      <strong>{t('sceneUpload.pick')}</strong>
                      <span>{t('sceneUpload.pickHint')}</span>
                    </span>
                  )}
                  <span className="ps-scene-upload-size">
                    {size.width}×{size.height}
                  </span>
                </button>
                <HiddenFileInput
                  ref={input}
                  accept={SCENE_IMAGE_ACCEPT}
                  testId="scene-upload-input"
                  id="scene-upload-input"
                  onPick={(file) => void pick(file)}
                />
              </div>
              {errors.file && (
                <div className="ps-field-error" data-testid="scene-upload-file-error">
                  {translateMessage(errors.file)}
                </div>
              )}
            </Form.Field>

            <div className="ps-scene-upload-fields">
              <Form.Field required error={!!errors.name}>
                <label htmlFor="scene-upload-name">{t('sceneUpload.name')}</label>
                <Input
                  id="scene-upload-name"
                  value={draft.name}
                  maxLength={SCENE_NAME_MAX}
                  placeholder={t('sceneUpload.namePlaceholder')}
                  disabled={busy}
                  input={{ 'data-testid': 'scene-upload-name' }}
                  onChange={(_, d) => {
                    const name = String(d.value);
                    setDraft((prev) => ({ ...prev, name }));
                    if (errors.name && name.trim()) setErrors((e) => ({ ...e, name: undefined }));
                  }}
                />
                {errors.name && (
                  <div className="ps-field-error" data-testid="scene-upload-name-error">
                    {translateMessage(errors.name)}
                  </div>
                )}
              </Form.Field>
              <Form.Field required>
                <label>{t('sceneUpload.orientation')}</label>
                <SegmentedSwitch
                  testId="scene-upload-orientation"
                  label={t('sceneUpload.orientation')}
                  value={draft.sizeType}
                  onChange={(sizeType) => !busy && setDraft((d) => ({ ...d, sizeType }))}
                  options={[
                    { value: 1, label: t('orientation.landscape') },
                    { value: 2, label: t('orientation.portrait') },
                  ]}
                />
              </Form.Field>
              <p className="ps-scene-upload-note">
                <Icon name="crop" />
                {t('sceneUpload.cropHint', size)}
              </p>
              {upload && (
                <UploadProgressLine
                  percent={upload.percent}
                  sending={t('sceneUpload.uploading', { percent: upload.percent })}
                  processing={t('sceneUpload.saving')}
                  className="ps-scene-upload-progress"
                  testId="scene-upload-progress"
                />
              )}
            </div>
          </div>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" disabled={busy} onClick={close} data-testid="scene-upload-cancel">
          {t('sceneUpload.cancel')}
        </Button>
        <Button
          primary
          type="submit"
          form="scene-upload-form"
          loading={busy}
          disabled={busy}
          data-testid="scene-upload-submit"
        >
          {t('sceneUpload.confirm')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
