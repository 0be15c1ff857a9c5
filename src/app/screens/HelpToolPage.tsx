import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { PageHeader } from './PageHeader';
import { ScriptTool } from './tools/ScriptTool';
import { TextToSpeechTool } from './tools/TextToSpeechTool';
import { SpeechToTextTool } from './tools/SpeechToTextTool';
import './editor/library/library.css';
import './tools/tools.css';

type ToolName = 'script' | 'tts' | 'stt';

const TOOLS: { name: ToolName; icon: SemanticICONS; tone: string }[] = [
  { name: 'script', icon: 'magic', tone: 'indigo' },
  { name: 'tts', icon: 'sound', tone: 'teal' },
  { name: 'stt', icon: 'microphone', tone: 'rose' },
];

/** 助手工具: the tools hub (一键成片, 文字转语音, 语音转文字, a card to 数字人形象库); ?tool=tts|stt opens one. */
export function HelpToolPage() {
  const { t } = useTranslation('home');
  const { t: tRoute } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tool = params.get('tool');
  const active: ToolName = tool === 'tts' || tool === 'stt' ? tool : 'script';

  return (
    <div className="ps-page" data-testid="page-helptool">
      <PageHeader icon="magic" title={tRoute('route.helptool')} description={t('tools.pageDesc')} />
      <div className="ps-tool-hub" role="tablist" aria-label={t('tools.hubTitle')}>
        {TOOLS.map(({ name, icon, tone }) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={active === name}
            className={`ps-card-button ps-tool-hub-card ps-tone-${tone}${active === name ? ' active' : ''}`}
            data-testid={`tool-card-${name}`}
            onClick={() => setParams(name === 'script' ? {} : { tool: name }, { replace: true })}
          >
            <span className="ps-create-icon">
              <Icon name={icon} />
            </span>
            <span className="ps-tool-hub-text">
              <strong>{t(`tools.${name}.title`)}</strong>
              <span>{t(`tools.${name}.desc`)}</span>
            </span>
            {active === name && <span className="ps-tool-hub-badge">{t('tools.current')}</span>}
          </button>
        ))}
        <Link
          to="/virtual"
          className="ps-card-button ps-tool-hub-card ps-tone-orange"
          data-testid="tool-card-virtual"
        >
          <span className="ps-create-icon">
            <Icon name="users" />
          </span>
          <span className="ps-tool-hub-text">
            <strong>{t('tools.virtual.title')}</strong>
            <span>{t('tools.virtual.desc')}</span>
          </span>
          <Icon name="arrow right" className="ps-tool-hub-go" />
        </Link>
      </div>
      {active === 'script' ? <ScriptTool /> : active === 'tts' ? <TextToSpeechTool /> : <SpeechToTextTool />}
    </div>
  );
}
