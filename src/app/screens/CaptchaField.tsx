import { useTranslation } from 'react-i18next';
import { Form, Input } from 'semantic-ui-react';
import type { CaptchaData } from '../../api/auth.contract';

interface Props {
  captcha: CaptchaData | null;
  value: string;
  error: string | null;
  onChange(value: string): void;
  onRefresh(): void;
}

/** Captcha code input with its image; clicking the image asks for a new one. */
export function CaptchaField({ captcha, value, error, onChange, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Field error={!!error}>
      <label htmlFor="login-captcha">{t('login.captcha')}</label>
      <div className="ps-captcha-row">
        <Input
          id="login-captcha"
          icon="shield alternate"
          iconPosition="left"
          placeholder={t('login.captchaRequired')}
          value={value}
          maxLength={16}
          autoComplete="off"
          onChange={(_, d) => onChange(String(d.value))}
          input={{ 'data-testid': 'login-captcha-input' }}
        />
        <button
          type="button"
          className="ps-captcha-image"
          title={t('login.captchaHint')}
          onClick={onRefresh}
          data-testid="login-captcha-image"
        >
          {captcha ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
              alt={t('login.captcha')}
            />
          ) : (
            <span>{t('login.captchaLoading')}</span>
          )}
        </button>
      </div>
      {error ? (
        <div className="ps-field-error">{error}</div>
      ) : (
        <div className="ps-field-hint">{t('login.captchaHint')}</div>
      )}
    </Form.Field>
  );
}
