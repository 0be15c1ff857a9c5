import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'semantic-ui-react';
import { publicAsset } from '../config';

interface Props {
  kind: 'notFound' | 'unauthorized';
}

/** The public 404 and 401 screens. */
export function ErrorPage({ kind }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = kind === 'notFound' ? '404' : '401';
  return (
    <div className="ps-error-page" data-testid={`page-${status}`}>
      <Link to="/" className="ps-brand ps-error-brand">
        <img src={publicAsset('logo.svg')} alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </Link>
      <div className="ps-error-body">
        <div className="ps-error-code">{status}</div>
        <h1>{t(`error.${kind}Title`)}</h1>
        <p>{t(`error.${kind}Text`)}</p>
        <div className="ps-error-actions">
          <Button primary as={Link} to="/" icon="home" content={t('common.backHome')} />
          <Button basic icon="arrow left" content={t('common.back')} onClick={() => navigate(-1)} />
        </div>
      </div>
    </div>
  );
}
