import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { MaterialType } from '../../../api/material.contract';
import { loadMaterials, materialUpload, stopMaterial, uploadMaterial } from '../../state/materials';
import { MaterialAudioList } from './MaterialAudioList';
import { MaterialImageGrid } from './MaterialImageGrid';
import { MaterialUploadButton } from './MaterialUploadButton';
import './materials.css';
import { useFileDrop } from '../../hooks/useFileDrop';

/** 我的素材: image and audio materials of the signed-in user (upload, preview, delete). */
export function MaterialsPanel({ active }: { active: boolean }) {
  const { t } = useTranslation('materials');
  useEffect(() => {
    if (!active) {
      stopMaterial();
      return;
    }
    void loadMaterials(2);
    void loadMaterials(3);
  }, [active]);

  return (
    <div className="ps-mat-panel" data-testid="materials-panel">
      <p className="ps-panel-hint">{t('hint')}</p>
      <MaterialSection
        type={2}
        icon="image outline"
        title={t('images')}
        rule={t('imageRule')}
        upload={t('uploadImage')}
      >
        <MaterialImageGrid />
      </MaterialSection>
      <MaterialSection
        type={3}
        icon="music"
        title={t('audios')}
        rule={t('audioRule')}
        upload={t('uploadAudio')}
      >
        <MaterialAudioList />
      </MaterialSection>
    </div>
  );
}

interface SectionProps {
  type: MaterialType;
  icon: 'image outline' | 'music';
  title: string;
  rule: string;
  upload: string;
  children: ReactNode;
}

/** One kind of material: title, rule, upload button, and a drop zone around its list. */
function MaterialSection({ type, icon, title, rule, upload, children }: SectionProps) {
  const { dragging, dropHandlers } = useFileDrop((file) => {
    if (!materialUpload.peek()) void uploadMaterial(file, type);
  });
  return (
    <section
      className={`ps-mat-section${dragging ? ' is-dragging' : ''}`}
      data-testid={`material-section-${type}`}
      {...dropHandlers}
    >
      <header className="ps-mat-head">
        <div>
          <h3>
            <Icon name={icon} />
            {title}
          </h3>
          <span className="ps-mat-rule">{rule}</span>
        </div>
        <MaterialUploadButton type={type} label={upload} />
      </header>
      {children}
    </section>
  );
}
