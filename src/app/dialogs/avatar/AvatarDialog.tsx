import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Modal } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import { ApiError } from '../../../api/client';
import { avatarMessages } from '../../../model/account';
import { accountApi } from '../../services/http';
import { avatarDialogOpen } from '../../state/dialogs';
import { getInfo, setAvatar } from '../../state/session';
import { AvatarCropStep, INITIAL_CROP, type CropState } from './AvatarCropStep';
import { AvatarPickStep } from './AvatarPickStep';
import { AvatarUploadStep, type UploadState } from './AvatarUploadStep';
import { checkAvatarDimensions, checkAvatarFile, STEP_DELAY_MS } from './avatarRules';
import { cropToBlob, loadImage } from './cropImage';

type Step = 1 | 2 | 3;

/** Avatar crop dialog: 1 pick or drop, 2 crop, 3 upload (spec sections 2 and 4). */
export function AvatarDialog() {
  useSignals();
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(1);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [pickError, setPickError] = useState('');
  const [reading, setReading] = useState(false);
  const [crop, setCrop] = useState<CropState>(INITIAL_CROP);
  const [loading, setLoading] = useState<UploadState>(0);
  const [percent, setPercent] = useState(0);
  const [uploadError, setUploadError] = useState('');
  const [result, setResult] = useState('');
  const stepTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Step changes show after a short hint delay (spec section 4: 200 ms).
  const goStep = (next: Step) => {
    if (stepTimer.current) clearTimeout(stepTimer.current);
    stepTimer.current = setTimeout(() => setStep(next), STEP_DELAY_MS);
  };
  useEffect(() => () => void (stepTimer.current && clearTimeout(stepTimer.current)), []);

  const reset = () => {
    if (stepTimer.current) clearTimeout(stepTimer.current);
    if (image) URL.revokeObjectURL(image.src);
    if (result) URL.revokeObjectURL(result);
    setStep(1);
    setImage(null);
    setPickError('');
    setCrop(INITIAL_CROP);
    setLoading(0);
    setPercent(0);
    setUploadError('');
    setResult('');
  };
  const close = () => {
    avatarDialogOpen.value = false;
    reset();
  };

  const pick = async (file: File) => {
    const rule = checkAvatarFile(file);
    if (rule) return setPickError(rule);
    setReading(true);
    const url = URL.createObjectURL(file);
    try {
      const img = await loadImage(url);
      const small = checkAvatarDimensions(img.naturalWidth, img.naturalHeight);
      if (small) {
        URL.revokeObjectURL(url);
        return setPickError(small);
      }
      if (image) URL.revokeObjectURL(image.src);
      setPickError('');
      setImage(img);
      setCrop(INITIAL_CROP);
      goStep(2);
    } catch {
      URL.revokeObjectURL(url);
      setPickError(avatarMessages.notImage);
    } finally {
      setReading(false);
    }
  };

  const upload = async () => {
    if (!image || !crop.area) return;
    setLoading(1);
    setPercent(0);
    setUploadError('');
    goStep(3);
    try {
      const blob = await cropToBlob(image, crop.area, crop.rotation);
      if (result) URL.revokeObjectURL(result);
      setResult(URL.createObjectURL(blob));
      const res = await accountApi.uploadAvatar(blob, 'avatar.png', setPercent);
      setPercent(100);
      setLoading(2);
      if (res.data) setAvatar(res.data);
      void getInfo({ quiet: true }).catch(() => undefined);
    } catch (e) {
      setLoading(3);
      setUploadError(
        e instanceof ApiError && e.kind === 'business' ? e.message : avatarMessages.uploadFailed,
      );
    }
  };

  const steps = t('avatar.steps', { returnObjects: true }) as string[];
  // 上一步 back to step `to`; shown disabled (null) while the upload runs.
  const backButton = (to: Step | null) => (
    <Button
      type="button"
      icon="arrow left"
      content={t('avatar.back')}
      disabled={to === null}
      onClick={to === null ? undefined : () => goStep(to)}
      data-testid="avatar-back"
    />
  );
  return (
    <TitledModal
      open={avatarDialogOpen.value}
      size="small"
      onClose={close}
      closeIcon
      data-testid="avatar-dialog"
      icon="image"
      title={t('avatar.title')}
    >
      <Modal.Content>
        <ol className="ps-stepper" data-testid="avatar-step" data-step={step}>
          {steps.map((label, i) => (
            <li key={label} className={i + 1 === step ? 'active' : i + 1 < step ? 'done' : ''}>
              <span>{i + 1 < step ? <Icon name="check" fitted /> : i + 1}</span>
              {label}
            </li>
          ))}
        </ol>
        {step === 1 && <AvatarPickStep error={pickError} busy={reading} onFile={(f) => void pick(f)} />}
        {step === 2 && image && (
          <AvatarCropStep
            image={image}
            state={crop}
            onChange={(next) => setCrop((c) => ({ ...c, ...(typeof next === 'function' ? next(c) : next) }))}
          />
        )}
        {step === 3 && (
          <AvatarUploadStep loading={loading} percent={percent} error={uploadError} preview={result} />
        )}
      </Modal.Content>
      <Modal.Actions>
        {step === 2 && (
          <>
            {backButton(1)}
            <Button
              primary
              type="button"
              icon="upload"
              content={t('avatar.upload')}
              disabled={!crop.area}
              onClick={() => void upload()}
              data-testid="avatar-upload"
            />
          </>
        )}
        {step === 3 && loading === 3 && (
          <>
            {backButton(2)}
            <Button
              primary
              type="button"
              icon="redo"
              content={t('avatar.retry')}
              onClick={() => void upload()}
              data-testid="avatar-retry"
            />
          </>
        )}
        {step === 3 && loading === 1 && backButton(null)}
        {step === 3 && loading === 2 && (
          <Button
            primary
            type="button"
            content={t('avatar.close')}
            onClick={close}
            data-testid="avatar-close"
          />
        )}
        {step === 1 && (
          <Button type="button" content={t('common.cancel')} onClick={close} data-testid="avatar-cancel" />
        )}
      </Modal.Actions>
    </TitledModal>
  );
}
