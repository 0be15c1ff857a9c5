import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../api/library.contract';
import {
  gallery,
  galleryDone,
  loadGallery,
  loadOwnGallery,
  loadToolLibrary,
  ownGallery,
  previewId,
  previewState,
  toolVoices,
} from '../../state/tools';
import { PageHeader } from '../PageHeader';
import { useViewActive } from '../projects/usePolling';
import { PresenterCard } from './PresenterCard';
import { createPresenterProject } from './createPresenterProject';
import { PresenterPlayer } from './presenterPlayer';
import './virtual.css';

/** A grid of presenter cards, each showing whether its talking preview is loading or playing. */
function PresenterGrid(props: {
  items: readonly CharacterItem[];
  voiceName: (c: CharacterItem) => string;
  testId: string;
  onPreview: (c: CharacterItem) => void;
  onUse: (c: CharacterItem) => void;
}) {
  useSignals();
  return (
    <div className="ps-virtual-grid" data-testid={props.testId}>
      {props.items.map((c) => (
        <PresenterCard
          key={c.id}
          character={c}
          voiceName={props.voiceName(c)}
          state={previewId.value === c.id ? previewState.value : 'idle'}
          onPreview={props.onPreview}
          onUse={props.onUse}
        />
      ))}
    </div>
  );
}

/** 数字人形象库 (/virtual): every presenter the user may use, each with a talking preview. */
export function VirtualPage() {
  useSignals();
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const player = useRef<PresenterPlayer | null>(null);
  player.current ??= new PresenterPlayer();

  useEffect(() => {
    void loadGallery(true);
    void loadOwnGallery();
    void loadToolLibrary();
    const p = player.current;
    return () => p?.stop();
  }, []);
  // Kept-alive views stay mounted behind other tabs: leaving the view silences the preview.
  const active = useViewActive('/virtual');
  useEffect(() => {
    if (!active) player.current?.stop();
  }, [active]);

  // 用 TA 做视频: a new project with this presenter chosen, opened in the editor.
  async function use(c: CharacterItem) {
    player.current?.stop();
    const suggested = toolVoices.value.find((v) => v.id === c.timbreInfo) ?? null;
    const projectId = await createPresenterProject(c, suggested);
    if (projectId > 0) navigate(`/video?videoid=${projectId}`);
  }

  const items = gallery.items.value;
  const voices = toolVoices.value;
  const loading = gallery.loading.value;
  return (
    <div className="ps-page" data-testid="page-virtual">
      <PageHeader icon="users" title={t('tools.virtual.title')} description={t('virtual.pageDesc')}>
        <Link to="/helptool" className="ui basic button" data-testid="virtual-back">
          <Icon name="arrow left" />
          {t('virtual.back')}
        </Link>
      </PageHeader>
      {gallery.page.value > 0 && items.length > 0 && (
        <p className="ps-virtual-count" data-testid="virtual-count">
          {t('virtual.count', { n: gallery.count.value })}
        </p>
      )}
      <PresenterGrid
        items={items}
        voiceName={(c) => voices.find((v) => v.id === c.timbreInfo)?.show_name ?? ''}
        testId="presenter-grid"
        onPreview={(c) => void player.current?.toggle(c)}
        onUse={(c) => void use(c)}
      />
      {ownGallery.value.length > 0 && (
        <>
          <h3 className="ps-virtual-own-title">{t('virtual.ownTitle', { n: ownGallery.value.length })}</h3>
          <PresenterGrid
            items={ownGallery.value}
            voiceName={() => ''}
            testId="presenter-grid-own"
            onPreview={(c) => void player.current?.toggle(c)}
            onUse={(c) => void use(c)}
          />
        </>
      )}
      <div className="ps-virtual-status">
        {loading && <span className="ps-spinner" />}
        {!loading && gallery.failed.value && (
          <button
            type="button"
            className="ui basic button"
            onClick={() => void loadGallery(gallery.page.value === 0)}
          >
            {t('virtual.failed')}
          </button>
        )}
        {!loading && !gallery.failed.value && galleryDone.value && items.length === 0 && (
          <div className="ps-empty ps-empty--compact">{t('virtual.empty')}</div>
        )}
        {!loading && !gallery.failed.value && !galleryDone.value && gallery.page.value > 0 && (
          <button
            type="button"
            className="ui basic button"
            data-testid="virtual-more"
            onClick={() => void loadGallery()}
          >
            {t('virtual.more')}
          </button>
        )}
        {!loading && galleryDone.value && items.length > 0 && (
          <span className="ps-virtual-end">{t('virtual.end')}</span>
        )}
      </div>
    </div>
  );
}
