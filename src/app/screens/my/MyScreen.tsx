import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Icon } from 'semantic-ui-react';
import type { VideoItem } from '../../../api/compose.contract';
import { DEFAULT_AVATAR, publicAsset } from '../../config';
import { confirmDialog } from '../../state/confirm';
import { avatarDialogOpen, passwordDialogOpen } from '../../state/dialogs';
import { COMPOSE_POLL_MS } from '../../state/projects';
import { avatar, introduction, name, points, refreshPoints, user } from '../../state/session';
import {
  activeVideos,
  cancelCompose,
  latestJobIds,
  loadVideos,
  pollVideos,
  recompose,
  setVideoPage,
  videoCount,
  videoPageIndex,
  videoPageSize,
  videos,
  videosLoaded,
  videosLoading,
} from '../../state/videos';
import { Pager } from '../projects/Pager';
import { PageHeader } from '../PageHeader';
import { useOnShow, usePolling, useViewActive } from '../projects/usePolling';
import { VideoCard } from './VideoCard';
import { VideoPlayerModal } from './VideoPlayerModal';
import { MaterialsPanel } from '../materials/MaterialsPanel';
import { MyTabs, type MyTab } from '../materials/MyTabs';
import '../projects/projects.css';

/** 我的: the account summary and the user's videos (play, download, render again, cancel). */
export function MyScreen() {
  useSignals();
  const { t } = useTranslation();
  const { t: th } = useTranslation('home');
  const active = useViewActive('/my');
  const [playing, setPlaying] = useState<VideoItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // 我的视频 | 我的素材; /my?tab=materials opens the materials (the editor's music dialog links there),
  // /my?tab=videos the videos (查看视频: the view is kept while hidden, on the tab last shown).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<MyTab>('videos');
  const asked = active ? params.get('tab') : null;
  useEffect(() => {
    if (asked === 'materials' || asked === 'videos') setTab(asked);
  }, [asked]);

  useOnShow(active, () => {
    void loadVideos();
    // Points change with every synthesis and refund: show the current balance.
    refreshPoints();
  });
  // The view stays mounted while hidden; its player (a portal on body) must not follow the user.
  useEffect(() => {
    if (!active) setPlaying(null);
  }, [active]);
  usePolling(active && activeVideos.value.length > 0, pollVideos, COMPOSE_POLL_MS);

  const run = async (projectId: number, action: (id: number) => Promise<void>) => {
    setBusy(projectId);
    try {
      await action(projectId);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(null);
    }
  };
  const onCancel = async (v: VideoItem) => {
    const confirmed = await confirmDialog({
      title: th('my.cancelTitle'),
      content: th('my.cancelConfirm', { name: v.projectName }),
      confirmText: th('my.cancel'),
      cancelText: th('my.keep'),
      testId: 'confirm-cancel-compose',
    });
    if (confirmed) await run(v.projectId, cancelCompose);
  };

  const list = videos.value;
  const latest = latestJobIds(list);
  return (
    <div className="ps-page" data-testid="page-my">
      <PageHeader icon="user circle" title={t('route.my')} description={t('routeDesc.my')} />
      <div className="ps-my-grid">
        <section className="ps-card ps-profile">
          <img className="ps-profile-avatar" src={avatar.value || DEFAULT_AVATAR} alt="" />
          <div className="ps-profile-info">
            <h3>{name.value}</h3>
            {user.value && <div className="ps-muted">@{user.value.username}</div>}
            {introduction.value && <p>{introduction.value}</p>}
            <div className="ps-profile-points" data-testid="my-points">
              <Icon name="star" color="yellow" />
              {t('my.points')}：<strong>{points.value}</strong>
            </div>
            <div className="ps-profile-actions">
              <Button
                basic
                size="small"
                icon="image"
                content={t('my.changeAvatar')}
                onClick={() => (avatarDialogOpen.value = true)}
              />
              <Button
                basic
                size="small"
                icon="lock"
                content={t('my.changePassword')}
                onClick={() => (passwordDialogOpen.value = true)}
              />
            </div>
          </div>
        </section>
        <div className="ps-my-main">
          <MyTabs tab={tab} videoCount={videosLoaded.value ? videoCount.value : null} onChange={setTab} />
          {tab === 'materials' ? (
            <section className="ps-card ps-video-panel" data-testid="materials-list">
              <MaterialsPanel active={active} />
            </section>
          ) : (
            <section className="ps-card ps-video-panel" data-testid="video-list">
              <header className="ps-panel-header">
                <div>
                  <h2 className="ps-panel-title">
                    {th('my.videos')}
                    {videosLoaded.value && <span className="ps-count-pill">{videoCount.value}</span>}
                  </h2>
                  <p className="ps-panel-hint">{th('my.videosHint')}</p>
                </div>
                <Button
                  basic
                  size="small"
                  icon="refresh"
                  content={th('my.refresh')}
                  loading={videosLoading.value}
                  onClick={() => void loadVideos()}
                  data-testid="video-refresh"
                />
              </header>
              {!videosLoaded.value ? (
                <div className="ps-panel-loading">{th('list.loading')}</div>
              ) : videoCount.value === 0 ? (
                <div className="ps-empty-state" data-testid="video-empty">
                  <img src={publicAsset('empty.svg')} alt="" />
                  <p>{th('my.empty')}</p>
                  <div className="ps-empty-actions">
                    <Link className="ui primary button" to="/">
                      <Icon name="plus" />
                      {th('my.goHome')}
                    </Link>
                  </div>
                </div>
              ) : (
                <>
                  <div className="ps-video-grid">
                    {list.map((v) => (
                      <VideoCard
                        key={v.jobId ?? `p${v.projectId}`}
                        video={v}
                        busy={busy === v.projectId}
                        latest={latest.has(v.jobId)}
                        onPlay={setPlaying}
                        onRecompose={(x) => void run(x.projectId, recompose)}
                        onCancel={(x) => void onCancel(x)}
                      />
                    ))}
                  </div>
                  <Pager
                    testId="video-pager"
                    total={videoCount.value}
                    pageIndex={videoPageIndex.value}
                    pageSize={videoPageSize.value}
                    onChange={(page, size) => setVideoPage(page, size)}
                  />
                </>
              )}
            </section>
          )}
        </div>
      </div>
      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
