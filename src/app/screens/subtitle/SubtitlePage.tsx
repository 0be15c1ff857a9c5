import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSubtitleInfo, subtitleTool } from '../../state/subtitle';
import { PageHeader } from '../PageHeader';
import { CuePreview } from './CuePreview';
import { SubtitleForm } from './SubtitleForm';
import '../tools/tools.css';
import './subtitle.css';

/** /subtitle 字幕工具: recording + script in, aligned cues with SRT / ASS downloads out. */
export function SubtitlePage() {
  const { t } = useTranslation('subtitle');
  const { t: tRoute } = useTranslation();
  useEffect(() => void loadSubtitleInfo(), []);
  return (
    <div className="ps-page" data-testid="page-subtitle">
      <PageHeader icon="closed captioning" title={tRoute('route.subtitle')} description={t('pageDesc')} />
      <div className="ps-tool ps-tool-columns ps-sub-columns">
        <SubtitleForm session={subtitleTool} testId="sub" showScript runLabel={t('generate')} />
        <CuePreview session={subtitleTool} testId="sub" />
      </div>
    </div>
  );
}
