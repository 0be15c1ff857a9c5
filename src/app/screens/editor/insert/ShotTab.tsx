import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { canInsertShotTags, shotMarkerHtml, SHOT_TAGS } from '../../../../model/project';
import { doc } from '../../../state/editor';

const SHOT_ICONS = { 11201: 'expand', 11202: 'male', 11203: 'user', 11204: 'undo' } as const;

/** The 镜头 tab: shot tags, which frame the slide, so they need a PDF. */
export function ShotTab({ onInsert }: { onInsert(html: string, label: string): void }) {
  useSignals();
  const { t } = useTranslation('editor');
  const d = doc.value;
  const enabled = !!d && canInsertShotTags(d);
  return (
    <>
      <p
        className={`ps-ins-hint${enabled ? '' : ' ps-ins-hint--warn'}`}
        data-testid={enabled ? 'insert-shot-hint' : 'insert-shot-disabled'}
      >
        {!enabled && <Icon name="info circle" />}
        {enabled ? t('insert.shotHint') : t('insert.needPdf')}
      </p>
      <div className="ps-ins-shots">
        {SHOT_TAGS.map((tag) => (
          <Button
            key={tag.id}
            basic
            disabled={!enabled}
            data-testid={`insert-shot-${tag.id}`}
            onClick={() => onInsert(shotMarkerHtml(tag.id), tag.label)}
          >
            <Icon name={SHOT_ICONS[tag.id]} />
            {tag.label}
          </Button>
        ))}
      </div>
    </>
  );
}
