import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { VoiceItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import {
  pickCharacter,
  pickedCharacter,
  pickedScene,
  pickedVoice,
  toolCharacters,
  toolScenes,
  toolVoices,
} from '../../state/tools';
import { SegmentedSwitch } from '../editor/library/SegmentedSwitch';

/** 数字人 picker of 一键成片: one round portrait per presenter. */
export function PresenterPicker() {
  useSignals();
  const { t } = useTranslation('library');
  const chosen = pickedCharacter.value?.id;
  return (
    <div className="ps-tool-presenters" data-testid="script-presenters">
      {toolCharacters.value.map((c) => (
        <button
          key={c.id}
          type="button"
          className={`ps-tool-presenter${c.id === chosen ? ' selected' : ''}`}
          aria-pressed={c.id === chosen}
          data-testid="script-presenter"
          data-id={c.id}
          onClick={() => pickCharacter(c)}
        >
          <img src={resolveServerUrl(c.icon || c.static_img)} alt="" draggable={false} />
          <span className="ps-tool-presenter-name">{c.name}</span>
          <span className="ps-tool-presenter-meta">
            {t(`character.style.${c.style}`, { defaultValue: c.style })}
          </span>
        </button>
      ))}
    </div>
  );
}

/** 场景 picker: a 横屏/竖屏 switch and the scene thumbnails of that orientation. */
export function ScenePicker() {
  useSignals();
  const { t } = useTranslation('home');
  const [sizeType, setSizeType] = useState<1 | 2>(pickedScene.value?.sizeType === 2 ? 2 : 1);
  const chosen = pickedScene.value?.id;
  const list = toolScenes.value.filter((s) => (s.sizeType === 2 ? 2 : 1) === sizeType);
  return (
    <div className="ps-tool-scene-picker">
      <SegmentedSwitch<1 | 2>
        testId="script-orientation"
        label={t('tools.script.scene')}
        value={sizeType}
        onChange={setSizeType}
        options={[
          { value: 1, label: t('tools.script.landscape') },
          { value: 2, label: t('tools.script.portrait') },
        ]}
      />
      <div className={`ps-tool-scenes ps-tool-scenes--${sizeType === 2 ? 'portrait' : 'landscape'}`}>
        {list.map((s) => (
          <button
            key={s.id}
            type="button"
            className={`ps-tool-scene${s.id === chosen ? ' selected' : ''}`}
            aria-pressed={s.id === chosen}
            data-testid="script-scene"
            data-id={s.id}
            title={s.name}
            onClick={() => (pickedScene.value = s)}
          >
            <img src={resolveServerUrl(s.thumb || s.path)} alt="" draggable={false} loading="lazy" />
            <span>{s.name}</span>
            {s.id === chosen && <Icon name="check circle" className="ps-tool-check" />}
          </button>
        ))}
      </div>
    </div>
  );
}

/** One voice as a chip: sex badge and display name. */
export function VoiceChip(props: { voice: VoiceItem; selected: boolean; onPick(): void; testId: string }) {
  const { voice: v, selected } = props;
  return (
    <button
      type="button"
      className={`ps-tool-voice${selected ? ' selected' : ''}`}
      aria-pressed={selected}
      data-testid={props.testId}
      data-id={v.id}
      onClick={props.onPick}
    >
      <span className={`ps-circle ps-tool-voice-sex ps-tool-voice-sex--${v.sex === 1 ? 'male' : 'female'}`}>
        <Icon name={v.sex === 1 ? 'male' : 'female'} />
      </span>
      {v.show_name}
    </button>
  );
}

/** 音色 picker of 一键成片 (public voices; a presenter brings its suggested one). */
export function ScriptVoicePicker() {
  useSignals();
  const chosen = pickedVoice.value?.id;
  return (
    <div className="ps-tool-voices" data-testid="script-voices">
      {toolVoices.value.map((v) => (
        <VoiceChip
          key={v.id}
          voice={v}
          selected={v.id === chosen}
          testId="script-voice"
          onPick={() => (pickedVoice.value = v)}
        />
      ))}
    </div>
  );
}
