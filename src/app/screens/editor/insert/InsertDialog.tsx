import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Modal } from 'semantic-ui-react';
import { canInsertShotTags, shotMarkerHtml, SHOT_TAGS, type ShotTagId } from '../../../../model/project';
import { doc } from '../../../state/editor';
import { insertOpen, narrationDraft } from '../../../state/editorNarration';
import { showMessage } from '../../../state/messages';
import { currentNarrationBox, insertAtRememberedCaret } from '../narrationInput';
import './insert.css';

const SHOT_ICONS = { 11201: 'expand', 11202: 'male', 11203: 'user', 11204: 'undo' } as const;

/**
 * 插入元素 (spec 2): the 镜头 tab inserts a shot-tag marker at the narration box's last caret
 * (its end when there was none). Shot tags frame the slide, so they need a PDF.
 */
export function InsertDialog() {
  useSignals();
  const { t } = useTranslation('editor');
  const d = doc.value;
  const enabled = !!d && canInsertShotTags(d);

  const insert = (id: ShotTagId, label: string) => {
    const box = currentNarrationBox();
    if (!box) return;
    insertOpen.value = false;
    narrationDraft.value = insertAtRememberedCaret(box, shotMarkerHtml(id));
    showMessage('success', t('insert.inserted', { label }));
  };

  return (
    <Modal
      open={insertOpen.value}
      size="tiny"
      closeIcon
      onClose={() => (insertOpen.value = false)}
      className="ps-ins-dialog"
      data-testid="insert-dialog"
    >
      <Modal.Header>{t('insert.title')}</Modal.Header>
      <Modal.Content>
        <div className="ps-ins-tabs" role="tablist">
          <button type="button" role="tab" aria-selected className="active" data-testid="insert-tab-shot">
            {t('insert.shotTab')}
          </button>
        </div>
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
              onClick={() => insert(tag.id, tag.label)}
            >
              <Icon name={SHOT_ICONS[tag.id]} />
              {tag.label}
            </Button>
          ))}
        </div>
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={() => (insertOpen.value = false)} data-testid="insert-close">
          {t('insert.close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
