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

/** Toasts, stacked at the top centre of the window. */
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
          onClick={() => closeMessage(toast.id)}
        >
          <Icon name={ICONS[toast.type]} />
          <span>{translateMessage(toast.text)}</span>
        </div>
      ))}
    </div>
  );
}
