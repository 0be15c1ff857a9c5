import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** Helper tool: how a PDF becomes a narrated video, in three steps. */
export function HelpToolPage() {
  const { t } = useTranslation();
  const steps = t('helptool.steps', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <div className="ps-page" data-testid="page-helptool">
      <PageHeader icon="magic" title={t('route.helptool')} description={t('routeDesc.helptool')} />
      <ol className="ps-steps-grid">
        {steps.map((step, i) => (
          <li key={step.title} className="ps-step-card">
            <span className="ps-step-no">{i + 1}</span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
