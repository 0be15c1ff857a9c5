import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Progress } from 'semantic-ui-react';
import type { MaterialItem, MaterialType } from '../../../api/material.contract';
import { acceptFor, materialUpload, uploadMaterial } from '../../state/materials';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

interface Props {
  type: MaterialType;
  label: string;
  onUploaded?(item: MaterialItem): void;
}

/** An upload button for one material type, with the running upload's progress under it. */
export function MaterialUploadButton({ type, label, onUploaded }: Props) {
  useSignals();
  const { t } = useTranslation('materials');
  const input = useRef<HTMLInputElement>(null);
  const upload = materialUpload.value;
  const mine = upload?.type === type ? upload : null;

  return (
    <div className="ps-mat-upload">
      <HiddenFileInput
        ref={input}
        accept={acceptFor(type)}
        testId={`material-input-${type}`}
        onPick={(file) => file && void uploadMaterial(file, type).then((item) => item && onUploaded?.(item))}
      />
      <Button
        primary
        size="small"
        icon="cloud upload"
        content={label}
        disabled={upload !== null}
        loading={mine !== null}
        data-testid={`material-upload-${type}`}
        onClick={() => input.current?.click()}
      />
      {mine && (
        <div className="ps-mat-progress" data-testid="material-upload-progress">
          <Progress percent={mine.percent} size="tiny" color="blue" active />
          <span>
            {mine.percent < 100
              ? t('uploading', { name: mine.name, percent: mine.percent })
              : t('processing', { name: mine.name })}
          </span>
        </div>
      )}
    </div>
  );
}
