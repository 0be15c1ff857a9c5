import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { activeTab, type LibraryTab } from '../../../state/library';
import { stopVoiceSample } from '../../../state/voiceSample';
import { TabStrip } from '../TabStrip';
import { CharacterPanel } from './CharacterPanel';
import { ScenePanel } from './ScenePanel';
import { VoicePanel } from './VoicePanel';
import './library.css';

const TABS: { key: LibraryTab; icon: SemanticICONS }[] = [
  { key: 'character', icon: 'user' },
  { key: 'scene', icon: 'image' },
  { key: 'voice', icon: 'microphone' },
];

/** Left tabs of the editor (spec 2): 数字人 / 场景 / 音色, each a list the author picks from. */
export function LibraryTabs() {
  useSignals();
  const { t } = useTranslation('library');
  const tab = activeTab.value;
  // A voice sample must not keep talking after the editor is left.
  useEffect(() => stopVoiceSample, []);
  return (
    <div className="ps-lib" data-testid="library-tabs">
      <TabStrip
        className="ps-lib-tabs"
        tabs={TABS.map((x) => ({
          key: x.key,
          label: (
            <>
              <Icon name={x.icon} />
              {t(`tabs.${x.key}`)}
            </>
          ),
        }))}
        active={tab}
        testIdPrefix="library-tab"
        onPick={(key) => (activeTab.value = key)}
      />
      {tab === 'character' && <CharacterPanel />}
      {tab === 'scene' && <ScenePanel />}
      {tab === 'voice' && <VoicePanel />}
    </div>
  );
}
