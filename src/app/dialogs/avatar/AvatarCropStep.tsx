import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { AVATAR_OUTPUT, normalizeRotation, percentFromZoom, zoomFromPercent } from './avatarRules';
import { drawCrop } from './cropImage';
import { CropSlider } from './CropSlider';

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
          {(['square', 'circle'] as const).map((shape) => (
            <figure key={shape}>
              <img
                className={`ps-preview-${shape}`}
                src={preview || image.src}
                alt=""
                data-testid={`avatar-preview-${shape}`}
              />
              <figcaption>{t(`avatar.${shape}`)}</figcaption>
            </figure>
          ))}
        </div>
        <CropSlider
          label={t('avatar.zoom')}
          value={state.zoom}
          min={0}
          max={100}
          step={zoomBy}
          onSet={(zoom) => onChange({ zoom })}
          down={{ icon: 'minus', title: t('avatar.zoomOut') }}
          up={{ icon: 'plus', title: t('avatar.zoomIn') }}
          testId="avatar-zoom"
          downTestId="avatar-zoom-out"
          upTestId="avatar-zoom-in"
        />
        <CropSlider
          label={t('avatar.rotate')}
          value={state.rotation}
          min={-180}
          max={180}
          unit="°"
          step={rotateBy}
          onSet={(rotation) => onChange({ rotation })}
          down={{ icon: 'undo', title: t('avatar.rotateLeft') }}
          up={{ icon: 'redo', title: t('avatar.rotateRight') }}
          testId="avatar-rotation"
          downTestId="avatar-rotate-left"
          upTestId="avatar-rotate-right"
        />
      </div>
    </div>
  );
}
