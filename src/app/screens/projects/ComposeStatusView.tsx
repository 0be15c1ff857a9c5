import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { ComposeState, ComposeStatus } from '../../../api/compose.contract';
import { composeProgress } from './format';

interface Props {
  state: ComposeState;
  /** The full status when known (progress while rendering, the reason when failed). */
  status?: ComposeStatus | null;
  /** Show the 查看视频 link to 我的 when done. */
  linkToVideos?: boolean;
  testId: string;
}

const ICON = {
  none: 'circle outline',
  queued: 'hourglass half',
  rendering: 'sync',
  done: 'check circle',
  failed: 'times circle',
  cancelled: 'ban',
} as const;

/** The last synthesis of a project or video: state tag, progress bar while running, reason if failed. */
export function ComposeStatusView({ state, status, linkToVideos, testId }: Props) {
  const { t } = useTranslation('home');
  const progress = composeProgress(status ?? null);
  const detail: string[] = [];
  if (progress.page) detail.push(t('status.page', progress.page));
  if (progress.etaSeconds !== null) detail.push(t('status.eta', { n: progress.etaSeconds }));
  return (
    <div className={`ps-status ps-status--${state}`} data-testid={testId} data-state={state}>
      <span className="ps-status-tag">
        <Icon name={ICON[state]} loading={state === 'rendering'} />
        {t(`status.${state}`)}
        {state === 'rendering' && <strong className="ps-status-percent">{progress.percent}%</strong>}
      </span>
      {state === 'rendering' && (
        <>
          <div className="ps-status-bar" role="progressbar" aria-valuenow={progress.percent}>
            <div style={{ width: `${progress.percent}%` }} />
          </div>
          {detail.length > 0 && <div className="ps-status-detail">{detail.join(' · ')}</div>}
        </>
      )}
      {state === 'queued' && <div className="ps-status-detail">{t('status.queuedHint')}</div>}
      {state === 'failed' && (
        <div className="ps-status-reason" title={status?.message || undefined}>
          {status?.message || t('status.unknownReason')}
        </div>
      )}
      {state === 'done' && linkToVideos && (
        <Link className="ps-status-link" to="/my?tab=videos" data-testid={`${testId}-videos`}>
          {t('status.viewVideo')}
          <Icon name="angle right" />
        </Link>
      )}
    </div>
  );
}
