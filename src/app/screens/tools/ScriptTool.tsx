import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { estimateSeconds, narrationLength } from '../../../model/project';
import { showMessage } from '../../state/messages';
import {
  loadToolLibrary,
  pickedCharacter,
  pickedScene,
  pickedVoice,
  scriptCreating,
  scriptPages,
  scriptText,
  toolLibraryState,
} from '../../state/tools';
import { editorPath } from '../projects/format';
import { createScriptProject } from './createScriptProject';
import { PresenterPicker, ScenePicker, ScriptVoicePicker } from './ToolPickers';

/** 一键成片: script in, live page preview, presenter/scene/voice, 生成项目 opens the editor. */
export function ScriptTool() {
  useSignals();
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  useEffect(() => void loadToolLibrary(), []);

  const pages = scriptPages.value;
  const total = narrationLength(scriptText.value.replace(/\s+/g, ''));
  // The chosen voice's measured pace when known (the built-in voices speak ~0.25 s per character).
  const pace = pickedVoice.value?.secondsPerChar;
  const seconds = Math.round(pages.reduce((sum, p) => sum + estimateSeconds(p, pace), 0));
  const ready = !!pickedCharacter.value && !!pickedScene.value && !!pickedVoice.value;
  const busy = scriptCreating.value;

  async function generate() {
    if (pages.length === 0) {
      showMessage('warning', t('tools.script.needScript'));
      return;
    }
    const id = await createScriptProject();
    if (id > 0) {
      showMessage('success', t('tools.script.done'));
      // The script now lives in the project; the tool starts empty next time.
      scriptText.value = '';
      navigate(editorPath(id));
    }
  }

  return (
    <div className="ps-tool" data-testid="tool-script">
      <div className="ps-tool-columns">
        <section className="ps-card ps-tool-card">
          <div className="ps-tool-card-head">
            <h3>{t('tools.script.scriptLabel')}</h3>
            <span className="ps-tool-count" data-testid="script-count">
              {t('tools.script.count', { n: total })}
            </span>
            {scriptText.value && (
              <button type="button" className="ps-tool-link" onClick={() => (scriptText.value = '')}>
                {t('tools.script.clear')}
              </button>
            )}
          </div>
          <textarea
            className="ps-tool-textarea ps-tool-script"
            data-testid="script-text"
            value={scriptText.value}
            placeholder={t('tools.script.placeholder')}
            onChange={(e) => (scriptText.value = e.target.value)}
          />
          <p className="ps-tool-hint">
            <Icon name="info circle" />
            {t('tools.script.ruleHint')}
          </p>
        </section>
        <section className="ps-card ps-tool-card">
          <div className="ps-tool-card-head">
            <h3>{t('tools.script.pagesTitle')}</h3>
            {pages.length > 0 && (
              <span className="ps-tool-count" data-testid="script-page-count">
                {t('tools.script.pagesCount', { n: pages.length, s: seconds })}
              </span>
            )}
          </div>
          {pages.length === 0 ? (
            <div className="ps-tool-empty">
              <Icon name="file alternate outline" />
              <p>{t('tools.script.noPages')}</p>
            </div>
          ) : (
            <ol className="ps-tool-pages" data-testid="script-pages">
              {pages.map((text, i) => (
                <li key={i} className="ps-tool-page" data-testid="script-page">
                  <div className="ps-tool-page-head">
                    <strong>{t('tools.script.pageNo', { n: i + 1 })}</strong>
                    <span data-testid="script-page-chars">
                      {t('tools.script.pageChars', { n: narrationLength(text) })}
                    </span>
                  </div>
                  <p>{text}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <section className="ps-card ps-tool-card ps-tool-choices">
        {toolLibraryState.value === 'failed' ? (
          <div className="ps-tool-empty">
            <p>{t('tools.loadFailed')}</p>
            <button type="button" className="ui button" onClick={() => void loadToolLibrary(true)}>
              {t('tools.retry')}
            </button>
          </div>
        ) : (
          <>
            <div className="ps-tool-choice">
              <h4>{t('tools.script.presenter')}</h4>
              <PresenterPicker />
            </div>
            <div className="ps-tool-choice">
              <h4>{t('tools.script.scene')}</h4>
              <ScenePicker />
            </div>
            <div className="ps-tool-choice">
              <h4>{t('tools.script.voice')}</h4>
              <ScriptVoicePicker />
            </div>
          </>
        )}
        <div className="ps-tool-footer">
          <span className="ps-tool-summary">
            {pages.length > 0 && t('tools.script.pagesCount', { n: pages.length, s: seconds })}
          </span>
          <button
            type="button"
            className="ui primary button ps-tool-primary"
            data-testid="script-generate"
            disabled={busy || !ready || pages.length === 0}
            onClick={() => void generate()}
          >
            <Icon name={busy ? 'spinner' : 'magic'} loading={busy} />
            {busy ? t('tools.script.generating') : t('tools.script.generate')}
          </button>
        </div>
      </section>
    </div>
  );
}
