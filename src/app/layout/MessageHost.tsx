import { useSignals } from '@preact/signals-react/runtime';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import type { MessageType } from '../../api/client';
import { translateMessage } from '../i18n';
import { closeMessage, toasts } from '../state/messages';

const ICONS: Record<MessageType, SemanticICONS> = {
  success: 'check circle',
  info: 'info circle',
  warning: 'exclamation circle',
  error: 'times circle',
};

/**
 * Toasts, stacked at the top centre of the window, below the navigation and editor bars so they
 * never hide them. Clicks go through a toast to what is under it (a burst of messages used to
 * swallow clicks on the editor's top bar for seconds); only its close button takes them.
 */
export function MessageHost() {
  useSignals();
  return (
    <div className="ps-toasts" aria-live="polite">
      {toasts.value.map((toast) => (
        <div
          key={toast.id}
          className={`ps-toast ps-toast--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-type={toast.type}
        >
          <Icon name={ICONS[toast.type]} />
          <span>{translateMessage(toast.text)}</span>
          <button
            type="button"
            className="ps-toast-close"
            aria-label="关闭"
            data-testid="toast-close"
            onClick={() => closeMessage(toast.id)}
          >
            <Icon name="close" fitted />
          </button>
        </div>
      ))}
    </div>
  );
}
