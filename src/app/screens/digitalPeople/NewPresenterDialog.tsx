import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input, Modal, type SemanticICONS } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import { PRESENTER_NAME_MAX, presenterMessages, type PresenterKind } from '../../../api/presenter.contract';
import { translateMessage } from '../../i18n';
import { createPresenter, newPresenterOpen } from '../../state/myPresenters';
import { PictureStep } from './PictureStep';
import { isVideoName, pictureFormat, videoDurationMs } from './pickChecks';
import {
  defaultMouthRect,
  draftForm,
  filesProblem,
  maxBytesOf,
  newDraft,
  type PresenterDraft,
} from './presenterDraft';
import { SpriteStep } from './SpriteStep';
import { useImageSize, useObjectUrl } from '../../hooks/useObjectUrl';
import { useUpload } from '../../hooks/useUpload';
import { UploadProgressLine } from '../../layout/UploadProgressLine';
import { VideoStep } from './VideoStep';

const KIND_ICONS: Record<PresenterKind, SemanticICONS> = {
  1: 'smile outline',
  2: 'video',
  3: 'image outline',
};
const STEPS = ['kind', 'files', 'name'] as const;

/**
 * 新建数字人: step 1 the kind, step 2 its files (with previews), step 3 the name; 创建 sends one
 * upload with progress, then the new presenter heads the list.
 */
export function NewPresenterDialog() {
  useSignals();
  const { t } = useTranslation('digitalPeople');
  const open = newPresenterOpen.value;
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<PresenterDraft>(newDraft());
  const [problem, setProblem] = useState<string | null>(null);
  const { upload, busy, run } = useUpload();
  const [videoMs, setVideoMs] = useState<number | null>(null);
  const pictureUrl = useObjectUrl(draft.kind === 3 ? draft.files.picture : draft.files.body);
  const loaded = useImageSize(pictureUrl);
  // The size of the picture now picked (a size still loaded for the previous one does not count).
  const pictureSize = loaded && loaded.src === pictureUrl ? loaded : null;

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setDraft(newDraft());
    setProblem(null);
    setVideoMs(null);
  }, [open]);

  // A new body starts the mouth anchor at the template's place, scaled to the body.
  useEffect(() => {
    if (draft.kind === 1 && pictureSize && !draft.mouth.x) {
      setDraft((d) => ({ ...d, mouth: defaultMouthRect(pictureSize) }));
    }
  }, [pictureSize, draft.kind, draft.mouth.x]);

  const change = (next: Partial<PresenterDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setProblem(null);
  };

  async function pickFile(field: string, file: File) {
    if (file.size > maxBytesOf(field)) return setProblem(t('dialog.fileTooLarge', { name: file.name }));
    if (field === 'video') {
      if (!isVideoName(file.name)) return setProblem(t('dialog.notVideo'));
      const ms = await videoDurationMs(file);
      setVideoMs(ms);
    } else {
      const format = await pictureFormat(file);
      const wanted = field === 'picture' ? ['png', 'jpeg'] : ['png'];
      if (!format || !wanted.includes(format)) {
        return setProblem(field === 'picture' ? t('dialog.notImage') : t('dialog.notPng'));
      }
      if (field === 'body') setDraft((d) => ({ ...d, mouth: { x: '', y: '', width: '', height: '' } }));
    }
    setDraft((d) => ({ ...d, files: { ...d.files, [field]: file } }));
    setProblem(null);
  }

  function next() {
    if (step === 1) {
      const found = filesProblem(draft, pictureSize, videoMs);
      if (found) return setProblem(found);
    }
    setProblem(null);
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  }

  async function submit() {
    if (busy) return;
    if (!draft.name.trim()) return setProblem(presenterMessages.nameRequired);
    try {
      await run({}, (onProgress) => createPresenter(draftForm(draft), onProgress));
      newPresenterOpen.value = false;
    } catch {
      // The client showed the server's message; the form stays for another try.
    }
  }

  const close = () => {
    if (!busy) newPresenterOpen.value = false;
  };
  const kindName = t(`kind.${draft.kind}`);
  return (
    <TitledModal
      open={open}
      size="large"
      className="ps-dp-dialog"
      closeIcon={!busy}
      closeOnDimmerClick={false}
      onClose={close}
      data-testid="presenter-dialog"
      icon="user plus"
      title={t('dialog.title')}
    >
      <Modal.Content>
        <ol className="ps-dp-steps">
          {STEPS.map((s, i) => (
            <li key={s} className={i === step ? 'active' : i < step ? 'done' : ''}>
              <span className="ps-circle ps-dp-step-no">{i < step ? <Icon name="check" /> : i + 1}</span>
              {t(`dialog.steps.${s}`)}
            </li>
          ))}
        </ol>
        {step === 0 && (
          <div className="ps-dp-kinds" role="radiogroup">
            {([1, 2, 3] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={draft.kind === k}
                className={`ps-dp-kind${draft.kind === k ? ' active' : ''}`}
                data-testid={`presenter-kind-${k}`}
                onClick={() => change({ kind: k })}
              >
                <Icon name={KIND_ICONS[k]} size="big" />
                <strong>{t(`kind.${k}`)}</strong>
                <span>{t(`kindDesc.${k}`)}</span>
              </button>
            ))}
          </div>
        )}
        {step === 1 && draft.kind === 1 && (
          <SpriteStep
            draft={draft}
            body={pictureSize}
            disabled={busy}
            onChange={change}
            onFile={(f, file) => void pickFile(f, file)}
          />
        )}
        {step === 1 && draft.kind === 2 && (
          <VideoStep
            draft={draft}
            disabled={busy}
            onChange={change}
            onFile={(f, file) => void pickFile(f, file)}
          />
        )}
        {step === 1 && draft.kind === 3 && (
          <PictureStep draft={draft} disabled={busy} onFile={(f, file) => void pickFile(f, file)} />
        )}
        {step === 2 && (
          <div className="ps-dp-name-step">
            <label htmlFor="presenter-name">{t('dialog.name')}</label>
            <Input
              id="presenter-name"
              value={draft.name}
              maxLength={PRESENTER_NAME_MAX}
              placeholder={t('dialog.namePlaceholder')}
              disabled={busy}
              autoFocus
              input={{ 'data-testid': 'presenter-name' }}
              onChange={(_, d) => change({ name: String(d.value) })}
            />
            <p className="ps-dp-note">{t('dialog.summary', { kind: kindName })}</p>
            {upload && (
              <UploadProgressLine
                percent={upload.percent}
                sending={t('dialog.uploading', { percent: upload.percent })}
                processing={t('dialog.processing')}
                className="ps-dp-progress"
                testId="presenter-progress"
              />
            )}
          </div>
        )}
        {problem && (
          <div className="ps-field-error ps-dp-problem" data-testid="presenter-problem">
            {translateMessage(problem)}
          </div>
        )}
      </Modal.Content>
      <Modal.Actions>
        {step > 0 && (
          <Button
            type="button"
            disabled={busy}
            onClick={() => setStep((s) => s - 1)}
            data-testid="presenter-back"
          >
            {t('dialog.back')}
          </Button>
        )}
        {step < STEPS.length - 1 ? (
          <Button primary type="button" onClick={next} data-testid="presenter-next">
            {t('dialog.next')}
          </Button>
        ) : (
          <Button
            primary
            type="button"
            loading={busy}
            disabled={busy}
            onClick={() => void submit()}
            data-testid="presenter-submit"
          >
            {t('dialog.submit')}
          </Button>
        )}
      </Modal.Actions>
    </TitledModal>
  );
}
