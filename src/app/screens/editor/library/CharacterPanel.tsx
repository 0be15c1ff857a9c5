import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../../api/library.contract';
import { resolveServerUrl } from '../../../config';
import { dispatch, doc } from '../../../state/editor';
import {
  characterIsPublic,
  characters,
  findVoice,
  loadCharacters,
  setCharacterIsPublic,
} from '../../../state/library';
import { showMessage } from '../../../state/messages';
import { choosePresenter, isChosenCharacter } from './libraryCommands';
import { ListStatus } from './ListStatus';
import { SegmentedSwitch } from './SegmentedSwitch';
import { useInfiniteScroll } from './useInfiniteScroll';

/** 数字人 tab: public/private switch and the presenter grid, 10 per page with infinite scroll. */
export function CharacterPanel() {
  useSignals();
  const { t } = useTranslation('library');
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = characters.items.value;
  const more = () => void loadCharacters();
  const { ref, onScroll } = useInfiniteScroll(
    more,
    !characters.done.value && !characters.loading.value && !characters.failed.value,
    list.length,
  );

  useEffect(() => {
    if (characters.page.value === 0 && !characters.loading.value) void loadCharacters(true);
  }, []);

  async function choose(c: CharacterItem) {
    const current = doc.value;
    if (!current || busyId) return;
    const needsVoice = !current.character.voiceId && !!c.timbreInfo;
    setBusyId(c.id);
    try {
      const voice = needsVoice ? await findVoice(c.timbreInfo) : null;
      const result = dispatch(choosePresenter, c, voice);
      if (!result.ok) showMessage('error', result.error);
      else if (voice && result.value.character.voiceId === voice.id)
        showMessage('success', t('character.voiceSuggested', { name: voice.show_name }));
    } finally {
      setBusyId(null);
    }
  }

  const isPublic = characterIsPublic.value;
  const empty = characters.done.value && list.length === 0;
  return (
    <div className="ps-lib-panel" data-testid="library-panel-character">
      <div className="ps-lib-toolbar">
        <SegmentedSwitch
          testId="character-visibility"
          label={t('tabs.character')}
          value={isPublic}
          onChange={setCharacterIsPublic}
          options={[
            { value: 1, label: t('visibility.public') },
            { value: 2, label: t('visibility.private') },
          ]}
        />
        {isPublic === 2 && (
          // Own presenters are made on 我的数字人; the list reloads when the tab shows again.
          <Link to="/digitalPeople" className="ps-lib-add-own" data-testid="character-add-own">
            <Icon name="plus" />
            {t('character.addOwn')}
          </Link>
        )}
      </div>
      <div className="ps-lib-scroll" ref={ref} onScroll={onScroll} data-testid="character-list">
        <div className="ps-lib-grid">
          {list.map((c) => {
            const selected = isChosenCharacter(doc.value, c);
            return (
              <button
                type="button"
                key={c.id}
                className={`ps-lib-card ps-lib-character${selected ? ' selected' : ''}`}
                data-testid="character-item"
                data-id={c.id}
                data-selected={selected}
                aria-pressed={selected}
                title={c.name}
                onClick={() => void choose(c)}
              >
                <span className="ps-lib-character-icon">
                  <img
                    src={resolveServerUrl(c.icon || c.static_img)}
                    alt=""
                    loading="lazy"
                    draggable={false}
                  />
                  {busyId === c.id && <span className="ps-spinner ps-lib-spinner ps-lib-card-busy" />}
                </span>
                <span className="ps-lib-card-name">{c.name}</span>
                {c.kind ? (
                  <span className="ps-lib-card-meta" data-testid="character-kind">
                    {t(`character.kind.${c.kind}`)}
                  </span>
                ) : (
                  c.style && (
                    <span className="ps-lib-card-meta">
                      {t(`character.style.${c.style}`, { defaultValue: c.style })}
                    </span>
                  )
                )}
                {selected && (
                  <span className="ps-lib-check" aria-label={t('selected')}>
                    <Icon name="check" />
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <ListStatus
          loading={characters.loading.value}
          failed={characters.failed.value}
          empty={empty}
          done={characters.done.value}
          emptyIcon="user circle"
          emptyText={isPublic === 2 ? t('character.privateEmpty') : t('character.empty')}
          emptyHint={isPublic === 2 ? t('character.privateHint') : undefined}
          onRetry={() => void loadCharacters(characters.page.value === 0)}
        />
      </div>
    </div>
  );
}
