import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { VoiceItem } from '../../../../api/library.contract';
import { dispatch, doc, projectId } from '../../../state/editor';
import {
  loadVoices,
  openVoices,
  setVoiceFilter,
  visibleVoices,
  voiceIsPublic,
  voices,
  voiceSex,
} from '../../../state/library';
import { playVoiceSample, sampleState, sampleVoiceId } from '../../../state/voiceSample';
import { showMessage } from '../../../state/messages';
import { chooseVoice } from '../../../../model/project';
import { voiceChoice } from '../../../../api/libraryChoices';
import { isChosenVoice } from './libraryCommands';
import { ListStatus } from './ListStatus';
import { SegmentedSwitch } from './SegmentedSwitch';
import { useInfiniteScroll } from './useInfiniteScroll';

/** Sample sentences for ▶, in the voice's own language. */
const SAMPLE: Record<string, string> = {
  zh: '大家好，我是你的数字人讲解员。',
  en: 'Hello, I am your digital presenter.',
};

/** 音色 tab: public/private and male/female switches, the voice list with a ▶ sample each. */
export function VoicePanel() {
  useSignals();
  const { t } = useTranslation('library');
  const list = visibleVoices.value;
  const more = () => void loadVoices();
  const { ref, onScroll } = useInfiniteScroll(
    more,
    !voices.done.value && !voices.loading.value && !voices.failed.value,
    voices.items.value.length,
  );

  useEffect(() => {
    void openVoices(projectId.value, doc.value?.character.voiceId ?? '');
  }, []);

  function choose(v: VoiceItem) {
    const result = dispatch(chooseVoice, voiceChoice(v));
    if (!result.ok) showMessage('error', result.error);
  }

  function sample(e: MouseEvent, v: VoiceItem) {
    e.stopPropagation();
    if (projectId.value === null) return;
    void playVoiceSample(projectId.value, v.id, SAMPLE[v.lang] ?? SAMPLE.zh, v.isPublic);
  }

  const isPublic = voiceIsPublic.value;
  const empty = voices.done.value && list.length === 0;
  return (
    <div className="ps-lib-panel" data-testid="library-panel-voice">
      <div className="ps-lib-toolbar">
        <SegmentedSwitch
          testId="voice-visibility"
          label={t('tabs.voice')}
          value={isPublic}
          onChange={(value) => setVoiceFilter({ isPublic: value })}
          options={[
            { value: 1, label: t('visibility.public') },
            { value: 2, label: t('visibility.private') },
          ]}
        />
        <SegmentedSwitch
          testId="voice-sex"
          label={t('tabs.voice')}
          value={voiceSex.value}
          onChange={(value) => setVoiceFilter({ sex: value })}
          options={[
            { value: 2, label: t('sex.female') },
            { value: 1, label: t('sex.male') },
          ]}
        />
      </div>
      <div className="ps-lib-scroll" ref={ref} onScroll={onScroll} data-testid="voice-list">
        <div className="ps-lib-voices">
          {list.map((v) => {
            const selected = isChosenVoice(doc.value, v);
            const sampling = sampleVoiceId.value === v.id ? sampleState.value : 'idle';
            const sampleLabel =
              sampling === 'playing'
                ? t('voice.stop')
                : sampling === 'loading'
                  ? t('voice.synthesising')
                  : t('voice.preview');
            return (
              <div
                role="button"
                tabIndex={0}
                key={v.id}
                className={`ps-lib-voice${selected ? ' selected' : ''}`}
                data-testid="voice-item"
                data-id={v.id}
                data-selected={selected}
                aria-pressed={selected}
                onClick={() => choose(v)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose(v)}
              >
                <span
                  className={`ps-lib-voice-avatar ps-lib-voice-avatar--${v.sex === 1 ? 'male' : 'female'}`}
                >
                  <Icon name={v.sex === 1 ? 'male' : 'female'} />
                </span>
                <span className="ps-lib-voice-text">
                  <span className="ps-lib-voice-name">{v.show_name}</span>
                  <span className="ps-lib-voice-meta">
                    {t(`voice.lang.${v.lang}`, { defaultValue: v.lang })} ·{' '}
                    {v.sex === 1 ? t('sex.male') : t('sex.female')}
                  </span>
                </span>
                {selected && <Icon name="check circle" className="ps-lib-voice-check" />}
                <button
                  type="button"
                  className={`ps-lib-voice-play${sampling !== 'idle' ? ' active' : ''}`}
                  title={sampleLabel}
                  aria-label={sampleLabel}
                  data-testid="voice-preview"
                  data-state={sampling}
                  onClick={(e) => sample(e, v)}
                >
                  {sampling === 'loading' ? (
                    <span className="ps-spinner ps-lib-spinner" />
                  ) : (
                    <Icon name={sampling === 'playing' ? 'stop' : 'play'} />
                  )}
                </button>
              </div>
            );
          })}
        </div>
        <ListStatus
          loading={voices.loading.value}
          failed={voices.failed.value}
          empty={empty}
          done={voices.done.value}
          emptyIcon="microphone"
          emptyText={isPublic === 2 ? t('voice.privateEmpty') : t('voice.empty')}
          emptyHint={isPublic === 2 ? t('voice.privateHint') : undefined}
          onRetry={() => void loadVoices(voices.page.value === 0)}
        />
      </div>
    </div>
  );
}
