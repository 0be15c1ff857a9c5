import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { doc } from '../../../state/editor';
import { chosenMusic } from '../../../state/editorMusic';
import { loadMaterials, materialLists } from '../../../state/materials';
import { MusicDialog } from './MusicDialog';

/** The top bar's 背景音乐 button: shows the chosen music's name subtly and opens the picker. */
export function MusicButton() {
  useSignals();
  const { t } = useTranslation('materials');
  const [open, setOpen] = useState(false);
  const hasMusic = Boolean(doc.value?.bgMusic);
  // The name of the chosen music comes from the material list: load it once a project has music.
  useEffect(() => {
    if (hasMusic && !materialLists[3].loaded.peek()) void loadMaterials(3, true);
  }, [hasMusic]);

  const music = chosenMusic.value;
  const label = music === 'missing' ? t('music.missing') : music ? music.name : t('music.topNone');
  return (
    <>
      <Button
        basic
        className={`ps-ed-ghost ps-ed-iconable ps-music-button${music === 'missing' ? ' is-missing' : ''}`}
        disabled={!doc.value}
        title={music && music !== 'missing' ? `${t('music.button')} · ${label}` : label}
        aria-label={t('music.button')}
        data-testid="editor-music"
        onClick={() => setOpen(true)}
      >
        <Icon name="music" />
        <span className="ps-ed-label">{t('music.button')}</span>
        <span className="ps-music-current" data-testid="editor-music-name">
          {label}
        </span>
      </Button>
      <MusicDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
