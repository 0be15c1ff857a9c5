import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { Button, Form, Icon, Input, Message } from 'semantic-ui-react';
import type { CaptchaData } from '../../api/auth.contract';
import { ApiError } from '../../api/client';
import { APP_VERSION, publicAsset } from '../config';
import { translateMessage } from '../i18n';
import { accountApi } from '../services/http';
import { login } from '../state/session';
import { CaptchaField } from './CaptchaField';

type Field = 'username' | 'password' | 'captcha';

/** Only in-app paths are followed after login. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** The login screen: product presentation on the left, the login card on the right. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const loadCaptcha = async () => {
    setCaptcha(null);
    setCode('');
    try {
      setCaptcha((await accountApi.captcha()).data ?? null);
    } catch {
      // The client already showed why; clicking the image tries again.
    }
  };

  const validate = () => {
    const next: Partial<Record<Field, string>> = {};
    if (!username.trim()) next.username = t('login.usernameRequired');
    if (!password) next.password = t('login.passwordRequired');
    if (captchaRequired && !code.trim()) next.captcha = t('login.captchaRequired');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || !validate()) return;
    setSubmitting(true);
    setServerError('');
    try {
      await login({
        username,
        password,
        version: APP_VERSION,
        ...(captchaRequired && captcha ? { captchaId: captcha.captchaId, captchaCode: code.trim() } : {}),
      });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
      const data =
        err instanceof ApiError
          ? (err.envelope?.data as { captchaRequired?: boolean } | undefined)
          : undefined;
      if (data?.captchaRequired || captchaRequired) {
        setCaptchaRequired(true);
        void loadCaptcha();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const busy = submitting || navigation.state !== 'idle';
  return (
    <div className="ps-login">
      <section className="ps-login-hero">
        <div className="ps-login-brand">
          <img src={publicAsset('logo.svg')} alt="" width={48} height={48} />
          <span>{t('app.name')}</span>
        </div>
        <h1>{t('app.name')}</h1>
        <p className="ps-login-tagline">{t('app.tagline')}</p>
        <ul className="ps-login-features">
          {(t('app.features', { returnObjects: true }) as string[]).map((f) => (
            <li key={f}>
              <Icon name="check circle" />
              {f}
            </li>
          ))}
        </ul>
        <img className="ps-login-illustration" src={publicAsset('login-illustration.svg')} alt="" />
        <footer>{t('app.copyright')}</footer>
      </section>
      <section className="ps-login-panel">
        <Form className="ps-login-card" onSubmit={onSubmit} noValidate data-testid="login-form">
          <h2>{t('login.title')}</h2>
          <p className="ps-login-sub">{t('login.subtitle')}</p>
          {serverError && (
            <Message
              negative
              size="small"
              data-testid="login-error"
              content={translateMessage(serverError)}
            />
          )}
          <Form.Field error={!!errors.username}>
            <label htmlFor="login-username">{t('login.username')}</label>
            <Input
              id="login-username"
              icon="user"
              iconPosition="left"
              placeholder={t('login.usernameRequired')}
              value={username}
              autoComplete="username"
              autoFocus
              onChange={(_, d) => setUsername(String(d.value))}
              input={{ 'data-testid': 'login-username' }}
            />
            {errors.username && <div className="ps-field-error">{errors.username}</div>}
          </Form.Field>
          <Form.Field error={!!errors.password}>
            <label htmlFor="login-password">{t('login.password')}</label>
            <Input
              id="login-password"
              icon={
                <Icon
                  name={showPassword ? 'eye slash' : 'eye'}
                  link
                  onClick={() => setShowPassword((v) => !v)}
                />
              }
              placeholder={t('login.passwordRequired')}
              type={showPassword ? 'text' : 'password'}
              value={password}
              autoComplete="current-password"
              onChange={(_, d) => setPassword(String(d.value))}
              input={{ 'data-testid': 'login-password' }}
            />
            {errors.password && <div className="ps-field-error">{errors.password}</div>}
          </Form.Field>
          {captchaRequired && (
            <CaptchaField
              captcha={captcha}
              value={code}
              error={errors.captcha ?? null}
              onChange={setCode}
              onRefresh={() => void loadCaptcha()}
            />
          )}
          <Button
            primary
            fluid
            size="large"
            type="submit"
            loading={busy}
            disabled={busy}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Form>
      </section>
    </div>
  );
}
