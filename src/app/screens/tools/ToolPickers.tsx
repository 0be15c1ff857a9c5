import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactNode } from 'react';
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

/** One choice of a picker: pressed (and marked `selected`) while it is the chosen one. */
function PickButton(props: {
  className: string;
  selected: boolean;
  testId: string;
  id: string | number;
  title?: string;
  onPick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${props.className}${props.selected ? ' selected' : ''}`}
      aria-pressed={props.selected}
      data-testid={props.testId}
      data-id={props.id}
      title={props.title}
      onClick={props.onPick}
    >
      {props.children}
    </button>
  );
}

/** 数字人 picker of 一键成片: one round portrait per presenter. */
export function PresenterPicker() {
  useSignals();
  const { t } = useTranslation('library');
  const chosen = pickedCharacter.value?.id;
  return (
    <div className="ps-tool-presenters" data-testid="script-presenters">
      {toolCharacters.value.map((c) => (
        <PickButton
          key={c.id}
          className="ps-tool-presenter"
          selected={c.id === chosen}
          testId="script-presenter"
          id={c.id}
          onPick={() => pickCharacter(c)}
        >
          <img src={resolveServerUrl(c.icon || c.static_img)} alt="" draggable={false} />
          <span className="ps-tool-presenter-name">{c.name}</span>
          <span className="ps-tool-presenter-meta">
            {t(`character.style.${c.style}`, { defaultValue: c.style })}
          </span>
        </PickButton>
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
          <PickButton
            key={s.id}
            className="ps-tool-scene"
            selected={s.id === chosen}
            testId="script-scene"
            id={s.id}
            title={s.name}
            onPick={() => (pickedScene.value = s)}
          >
            <img src={resolveServerUrl(s.thumb || s.path)} alt="" draggable={false} loading="lazy" />
            <span>{s.name}</span>
            {s.id === chosen && <Icon name="check circle" className="ps-tool-check" />}
          </PickButton>
        ))}
      </div>
    </div>
  );
}

/** One voice as a chip: sex badge and display name. */
export function VoiceChip(props: { voice: VoiceItem; selected: boolean; onPick(): void; testId: string }) {
  const { voice: v, selected } = props;
  return (
    <PickButton
      className="ps-tool-voice"
      selected={selected}
      testId={props.testId}
      id={v.id}
      onPick={props.onPick}
    >
      <span className={`ps-circle ps-tool-voice-sex ps-tool-voice-sex--${v.sex === 1 ? 'male' : 'female'}`}>
        <Icon name={v.sex === 1 ? 'male' : 'female'} />
      </span>
      {v.show_name}
    </PickButton>
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
