import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { closeAllViews, closeOtherViews, closeView, visitedViews } from '../state/tagsView';

/** Tabs of visited views; pinned ones (首页) cannot be closed. */
export function TagsView() {
  useSignals();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const views = visitedViews.value;

  const close = (path: string) => {
    const rest = closeView(path);
    if (path === location.pathname) navigate(rest[rest.length - 1]?.fullPath ?? '/');
  };

  return (
    <div className="ps-tags" data-testid="tags-view">
      <div className="ps-tags-list">
        {views.map((view) => {
          const active = view.path === location.pathname;
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              className={`ps-tag${active ? ' active' : ''}`}
              data-testid={`tag-${view.name}`}
            >
              {view.affix && <Icon name="pin" size="small" />}
              {t(`route.${view.name}`)}
              {!view.affix && (
                <Icon
                  name="close"
                  className="ps-tag-close"
                  aria-label={t('tags.close')}
                  onClick={(e: React.MouseEvent) => {
                    e.preventDefault();
                    e.stopPropagation();
                    close(view.path);
                  }}
                />
              )}
            </Link>
          );
        })}
      </div>
      {views.length > 1 && (
        <div className="ps-tags-actions">
          <button type="button" onClick={() => closeOtherViews(location.pathname)}>
            {t('tags.closeOthers')}
          </button>
          <button
            type="button"
            onClick={() => {
              closeAllViews();
              navigate('/');
            }}
          >
            {t('tags.closeAll')}
          </button>
        </div>
      )}
    </div>
  );
}
