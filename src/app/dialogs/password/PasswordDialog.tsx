import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../api/envelope';
import { Button, Form, Input, Message, Modal } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import type { PasswordForm } from '../../../model/account';
import { translateMessage } from '../../i18n';
import { accountApi } from '../../services/http';
import { passwordDialogOpen } from '../../state/dialogs';
import {
  EMPTY_PASSWORD_FORM,
  validateAll,
  validateOnBlur,
  validateOnChange,
  type PasswordErrors,
  type PasswordField,
} from './passwordValidation';

const FIELDS: {
  field: PasswordField;
  label: string;
  placeholder: string;
  testId: string;
  autoComplete: string;
}[] = [
  {
    field: 'oldPassword',
    label: 'password.old',
    placeholder: 'password.oldPlaceholder',
    testId: 'pwd-old',
    autoComplete: 'current-password',
  },
  {
    field: 'newPassword',
    label: 'password.new',
    placeholder: 'password.newPlaceholder',
    testId: 'pwd-new',
    autoComplete: 'new-password',
  },
  {
    field: 'checknewPassword',
    label: 'password.confirm',
    placeholder: 'password.confirmPlaceholder',
    testId: 'pwd-confirm',
    autoComplete: 'new-password',
  },
];

/** Change-password dialog: old, new and confirmation; 重置 clears, 提交 sends. */
export function PasswordDialog() {
  useSignals();
  const { t } = useTranslation();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [serverError, setServerError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const reset = () => {
    setForm(EMPTY_PASSWORD_FORM);
    setErrors({});
    setServerError('');
  };
  const close = () => {
    passwordDialogOpen.value = false;
    reset();
  };

  const change = (field: PasswordField, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // The server's refusal was about what was typed before; an edit makes it stale.
    setServerError('');
    setErrors((prev) => ({ ...prev, [field]: validateOnChange(field, next, prev[field]) }));
  };
  const blur = (field: PasswordField) => {
    setErrors((prev) => ({ ...prev, [field]: validateOnBlur(field, form) ?? undefined }));
  };

  const submit = async () => {
    const all = validateAll(form);
    setErrors(all);
    if (Object.keys(all).length > 0 || submitting) return;
    setSubmitting(true);
    setServerError('');
    try {
      // Refusals show once, in the dialog beside the fields, not also as a toast.
      await accountApi.changePassword(form, { handles: [Code.badRequest, Code.tooManyRequests] });
      close();
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <TitledModal
      open={passwordDialogOpen.value}
      size="tiny"
      onClose={close}
      closeIcon
      data-testid="password-dialog"
      icon="lock"
      title={t('password.title')}
    >
      <Modal.Content>
        {serverError && (
          <Message
            negative
            size="small"
            content={translateMessage(serverError)}
            data-testid="pwd-server-error"
          />
        )}
        <Form id="password-form" onSubmit={() => void submit()} noValidate>
          {FIELDS.map(({ field, label, placeholder, testId, autoComplete }) => (
            <Form.Field key={field} error={!!errors[field]}>
              <label htmlFor={testId}>{t(label)}</label>
              <Input
                id={testId}
                type="password"
                value={form[field]}
                placeholder={t(placeholder)}
                autoComplete={autoComplete}
                onChange={(_, d) => change(field, String(d.value))}
                onBlur={() => blur(field)}
                input={{ 'data-testid': testId }}
              />
              {errors[field] && (
                <div className="ps-field-error" data-testid={`${testId}-error`}>
                  {translateMessage(errors[field])}
                </div>
              )}
            </Form.Field>
          ))}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={reset} data-testid="pwd-reset">
          {t('password.reset')}
        </Button>
        <Button
          primary
          type="submit"
          form="password-form"
          loading={submitting}
          disabled={submitting}
          data-testid="pwd-submit"
        >
          {t('password.submit')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
