import { useTranslation } from 'react-i18next';
import { Button, Icon, type SemanticICONS } from 'semantic-ui-react';

/**
 * What sits under (or instead of) a library list: a spinner while loading, a retry after a failed
 * load, an empty state with a hint, or the end-of-list line.
 */
export function ListStatus(props: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  done: boolean;
  emptyText: string;
  emptyHint?: string;
  emptyIcon?: SemanticICONS;
  /** Text shown when everything is loaded (the scene list says 我也是有底线的). */
  endText?: string;
  onRetry(): void;
}) {
  const { t } = useTranslation('library');
  if (props.loading)
    return (
      <div className="ps-lib-status" data-testid="library-loading">
        <span className="ps-spinner ps-lib-spinner" />
        {t('loading')}
      </div>
    );
  if (props.failed)
    return (
      <div className="ps-lib-status" data-testid="library-failed">
        {t('loadFailed')}
        <Button size="mini" basic onClick={props.onRetry} data-testid="library-retry">
          {t('retry')}
        </Button>
      </div>
    );
  if (props.empty)
    return (
      <div className="ps-lib-empty" data-testid="library-empty">
        <Icon name={props.emptyIcon ?? 'inbox'} size="big" />
        <p className="ps-lib-empty-title">{props.emptyText}</p>
        {props.emptyHint && <p className="ps-lib-empty-hint">{props.emptyHint}</p>}
      </div>
    );
  if (props.done && props.endText)
    return (
      <div className="ps-lib-end" data-testid="library-end">
        <span>{props.endText}</span>
      </div>
    );
  return null;
}
