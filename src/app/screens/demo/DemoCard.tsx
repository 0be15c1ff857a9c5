import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { DemoItem } from '../../../api/demo.contract';
import { DemoPreview } from './DemoPreview';

interface Props {
  demo: DemoItem;
  /** This card's copy is running. */
  copying: boolean;
  /** Another card's copy is running. */
  busy: boolean;
  onCopy(demo: DemoItem): void;
}

/** One example: preview, orientation, title, description, contents and the 一键复制 button. */
export function DemoCard({ demo, copying, busy, onCopy }: Props) {
  const { t } = useTranslation('home');
  const portrait = demo.orientation === 2;
  return (
    <article className="ps-demo-card" data-testid={`demo-card-${demo.id}`}>
      <div className="ps-demo-card-media">
        <DemoPreview demo={demo} />
        <span
          className={`ps-demo-orientation ${portrait ? 'is-portrait' : ''}`}
          data-testid="demo-orientation"
        >
          <Icon name={portrait ? 'mobile alternate' : 'desktop'} />
          {t(portrait ? 'demo.portrait' : 'demo.landscape')}
        </span>
        {/* Whole minutes, rounded up: the built-in voice speaks slower than the 0.14 s per character estimate. */}
        <span className="ps-demo-length">
          <Icon name="clock outline" />
          {t('demo.minutes', { n: Math.max(1, Math.ceil(demo.minutes)) })}
        </span>
      </div>
      <div className="ps-demo-card-body">
        <div className="ps-demo-tags">
          {demo.tags.map((tag) => (
            <span key={tag}>{tag}</span>
          ))}
          <span>{t('demo.pages', { n: demo.pageCount })}</span>
        </div>
        <h3 className="ps-demo-title">{demo.title}</h3>
        <p className="ps-demo-desc">{demo.description}</p>
        <ol className="ps-demo-outline" aria-label={t('demo.outline')}>
          {demo.outline.map((heading) => (
            <li key={heading}>{heading}</li>
          ))}
        </ol>
        <div className="ps-demo-cast">
          <img src={demo.presenterIcon} alt="" />
          <div>
            <strong>{demo.presenterName}</strong>
            <span>
              {demo.voiceName} · {demo.sceneName}
            </span>
          </div>
        </div>
        <button
          type="button"
          className={`ps-demo-copy ${copying ? 'is-copying' : ''}`}
          data-testid={`demo-copy-${demo.id}`}
          disabled={copying || busy}
          aria-busy={copying}
          onClick={() => onCopy(demo)}
        >
          <Icon name={copying ? 'spinner' : 'copy outline'} loading={copying} />
          {copying ? t('demo.copying') : t('demo.copy')}
        </button>
      </div>
    </article>
  );
}
