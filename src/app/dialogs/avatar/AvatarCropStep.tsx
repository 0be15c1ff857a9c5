import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { AVATAR_OUTPUT, normalizeRotation, percentFromZoom, zoomFromPercent } from './avatarRules';
import { drawCrop } from './cropImage';
import { useRepeatWhileHeld } from './useRepeatWhileHeld';

/** The crop the user settled on. */
export interface CropState {
  crop: Point;
  /** Slider value 0-100. */
  zoom: number;
  /** Degrees, -180..180. */
  rotation: number;
  area: Area | null;
}

export const INITIAL_CROP: CropState = { crop: { x: 0, y: 0 }, zoom: 0, rotation: 0, area: null };

interface Props {
  image: HTMLImageElement;
  state: CropState;
  /** A partial update, or a function of the latest state (held buttons fire faster than renders). */
  onChange(next: Partial<CropState> | ((current: CropState) => Partial<CropState>)): void;
}

/** Step 2: crop with zoom (0-100) and rotation (1° steps), both repeating while held; two previews. */
export function AvatarCropStep({ image, state, onChange }: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState('');
  const zoomBy = (d: number) => onChange((c) => ({ zoom: Math.min(100, Math.max(0, c.zoom + d)) }));
  const rotateBy = (d: number) => onChange((c) => ({ rotation: normalizeRotation(c.rotation + d) }));
  const zoomOut = useRepeatWhileHeld(() => zoomBy(-1));
  const zoomIn = useRepeatWhileHeld(() => zoomBy(1));
  const rotateLeft = useRepeatWhileHeld(() => rotateBy(-1));
  const rotateRight = useRepeatWhileHeld(() => rotateBy(1));

  useEffect(() => {
    if (!state.area) return;
    const canvas = document.createElement('canvas');
    drawCrop(canvas, image, state.area, state.rotation);
    setPreview(canvas.toDataURL('image/png'));
  }, [image, state.area, state.rotation]);

  return (
    <div className="ps-avatar-crop">
      <div className="ps-cropper" data-testid="avatar-cropper">
        <Cropper
          image={image.src}
          crop={state.crop}
          zoom={zoomFromPercent(state.zoom)}
          minZoom={1}
          maxZoom={zoomFromPercent(100)}
          rotation={state.rotation}
          aspect={AVATAR_OUTPUT.width / AVATAR_OUTPUT.height}
          onCropChange={(crop) => onChange({ crop })}
          onZoomChange={(z) => onChange({ zoom: percentFromZoom(z) })}
          onRotationChange={(r) => onChange({ rotation: normalizeRotation(Math.round(r)) })}
          onCropComplete={(_, area) => onChange({ area })}
        />
      </div>
      <div className="ps-avatar-side">
        <div className="ps-previews">
          <figure>
            <img
              className="ps-preview-square"
              src={preview || image.src}
              alt=""
              data-testid="avatar-preview-square"
            />
            <figcaption>{t('avatar.square')}</figcaption>
          </figure>
          <figure>
            <img
              className="ps-preview-circle"
              src={preview || image.src}
              alt=""
              data-testid="avatar-preview-circle"
            />
            <figcaption>{t('avatar.circle')}</figcaption>
          </figure>
        </div>
        <div className="ps-crop-control">
          <span className="ps-crop-label">{t('avatar.zoom')}</span>
          <Button
            type="button"
            icon="minus"
            size="mini"
            circular
            title={t('avatar.zoomOut')}
            {...zoomOut}
            data-testid="avatar-zoom-out"
          />
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={state.zoom}
            aria-label={t('avatar.zoom')}
            onChange={(e) => onChange({ zoom: Number(e.target.value) })}
            data-testid="avatar-zoom"
          />
          <Button
            type="button"
            icon="plus"
            size="mini"
            circular
            title={t('avatar.zoomIn')}
            {...zoomIn}
            data-testid="avatar-zoom-in"
          />
          <span className="ps-crop-value" data-testid="avatar-zoom-value">
            {state.zoom}
          </span>
        </div>
        <div className="ps-crop-control">
          <span className="ps-crop-label">{t('avatar.rotate')}</span>
          <Button
            type="button"
            icon="undo"
            size="mini"
            circular
            title={t('avatar.rotateLeft')}
            {...rotateLeft}
            data-testid="avatar-rotate-left"
          />
          <input
            type="range"
            min={-180}
            max={180}
            step={1}
            value={state.rotation}
            aria-label={t('avatar.rotate')}
            onChange={(e) => onChange({ rotation: Number(e.target.value) })}
            data-testid="avatar-rotation"
          />
          <Button
            type="button"
            icon="redo"
            size="mini"
            circular
            title={t('avatar.rotateRight')}
            {...rotateRight}
            data-testid="avatar-rotate-right"
          />
          <span className="ps-crop-value" data-testid="avatar-rotation-value">
            {state.rotation}°
          </span>
        </div>
      </div>
    </div>
  );
}
