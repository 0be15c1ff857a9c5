import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Modal } from 'semantic-ui-react';
import { TitledModal } from './TitledModal';
import { pendingConfirm } from '../state/confirm';

/**
 * The app's confirmation dialog (e.g. 'Confirm logout'); one at a time. A question belongs to the
 * screen that asked it: moving to another screen answers it with no (the dialog closes).
 */
export function ConfirmHost() {
  useSignals();
  const { pathname } = useLocation();
  useEffect(() => () => pendingConfirm.peek()?.resolve(false), [pathname]);
  const request = pendingConfirm.value;
  if (!request) return null;
  const { testId } = request;
  return (
    <TitledModal
      open
      size="tiny"
      className="ps-confirm"
      data-testid={testId}
      onClose={() => request.resolve(false)}
      icon="warning circle"
      iconColor="orange"
      title={request.title}
    >
      <Modal.Content>
        <p>{request.content}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button data-testid={`${testId}-cancel`} onClick={() => request.resolve(false)}>
          {request.cancelText}
        </Button>
        <Button primary data-testid={`${testId}-confirm`} onClick={() => request.resolve(true)}>
          {request.confirmText}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
