import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import { insertOpen, narrationDraft } from '../../../state/editorNarration';
import { showMessage } from '../../../state/messages';
import { currentNarrationBox, insertAtRememberedCaret } from '../narrationInput';
import { TabStrip } from '../TabStrip';
import { ReadingTab } from './ReadingTab';
import { ShotTab } from './ShotTab';
import { TextureTab } from './TextureTab';
import './insert.css';

type Tab = 'shot' | 'reading' | 'png' | 'gif';

/**
 * 插入元素 (spec 2): tabs 镜头 (shot tags), 读音 (多音字 reading markers), 贴图 (PNG stickers) and GIF. Whatever is chosen goes in
 * as a marker at the narration box's last caret (its end when there was none).
 */
export function InsertDialog() {
  useSignals();
  const { t } = useTranslation('editor');
  const [tab, setTab] = useState<Tab>('shot');

  const insert = (html: string, message: string) => {
    const box = currentNarrationBox();
    if (!box) return;
    insertOpen.value = false;
    narrationDraft.value = insertAtRememberedCaret(box, html);
    showMessage('success', message);
  };

  const tabs: { key: Tab; label: string }[] = [
    { key: 'shot', label: t('insert.shotTab') },
    { key: 'reading', label: t('insert.readingTab') },
    { key: 'png', label: t('stickers.pngTab') },
    { key: 'gif', label: t('stickers.gifTab') },
  ];
  return (
    <Modal
      open={insertOpen.value}
      size="small"
      closeIcon
      onClose={() => (insertOpen.value = false)}
      className="ps-ins-dialog"
      data-testid="insert-dialog"
    >
      <Modal.Header>{t('insert.title')}</Modal.Header>
      <Modal.Content>
        <TabStrip<Tab>
          className="ps-ins-tabs"
          tabs={tabs}
          active={tab}
          testIdPrefix="insert-tab"
          onPick={setTab}
        />
        {tab === 'shot' ? (
          <ShotTab onInsert={(html, label) => insert(html, t('insert.inserted', { label }))} />
        ) : tab === 'reading' ? (
          <ReadingTab onInsert={(html, label) => insert(html, t('insert.readingInserted', { label }))} />
        ) : (
          <TextureTab
            key={tab}
            type={tab === 'png' ? 1 : 2}
            onInsert={(html, label) => insert(html, t('stickers.inserted', { label }))}
          />
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={() => (insertOpen.value = false)} data-testid="insert-close">
          {t('insert.close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
