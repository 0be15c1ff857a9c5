import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from './PageHeader';

/** The editor (/video?videoid=...); the guard never lets it open without a project. */
export function VideoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="ps-page" data-testid="page-video">
      <PageHeader icon="film" title={t('route.video')} description={t('routeDesc.video')}>
        <span className="ps-badge">{t('video.project', { id: params.get('videoid') })}</span>
      </PageHeader>
      <div className="ps-empty">
        <div className="ps-empty-icon">
          <img src={`${import.meta.env.BASE_URL}empty.svg`} alt="" />
        </div>
      </div>
    </div>
  );
}
