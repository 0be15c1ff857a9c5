import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';

export type MyTab = 'videos' | 'materials';

interface Props {
  tab: MyTab;
  /** Number of videos once known, shown beside 我的视频. */
  videoCount: number | null;
  onChange(tab: MyTab): void;
}

/** The 我的 area's switch between the user's videos and their materials. */
export function MyTabs({ tab, videoCount, onChange }: Props) {
  const { t } = useTranslation('materials');
  const item = (
    value: MyTab,
    icon: 'video' | 'folder open outline',
    label: string,
    count?: number | null,
  ) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === value}
      className={`ps-my-tab${tab === value ? ' is-active' : ''}`}
      data-testid={`my-tab-${value}`}
      onClick={() => onChange(value)}
    >
      <Icon name={icon} />
      {label}
      {count !== undefined && count !== null && <span className="ps-count-pill">{count}</span>}
    </button>
  );
  return (
    <div className="ps-my-tabs" role="tablist">
      {item('videos', 'video', t('tabVideos'), videoCount)}
      {item('materials', 'folder open outline', t('tabMaterials'))}
    </div>
  );
}
