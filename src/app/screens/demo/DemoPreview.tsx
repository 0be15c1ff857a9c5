import type { CSSProperties } from 'react';
import type { DemoItem } from '../../../api/demo.contract';

/**
 * The example's first shot drawn with HTML: its scene, a miniature of the first slide and the
 * presenter standing where the copied project puts them (left of the slide in landscape, below it in
 * portrait, inside a phone frame).
 */
export function DemoPreview({ demo }: { demo: DemoItem }) {
  const portrait = demo.orientation === 2;
  const style = { '--demo-accent': demo.accent } as CSSProperties;
  const stage = (
    <div className={`ps-demo-stage ${portrait ? 'is-portrait' : 'is-landscape'}`}>
      <img className="ps-demo-scene" src={demo.sceneThumb} alt="" loading="lazy" />
      <div className="ps-demo-slide" aria-hidden="true">
        <span className="ps-demo-slide-bar" />
        <strong>{demo.outline[0]}</strong>
        <span className="ps-demo-slide-line" />
        <span className="ps-demo-slide-line is-short" />
      </div>
      <img className="ps-demo-presenter" src={demo.presenterImage} alt={demo.presenterName} loading="lazy" />
    </div>
  );
  return (
    <div className="ps-demo-preview" style={style}>
      {portrait ? (
        <>
          <img className="ps-demo-backdrop" src={demo.sceneThumb} alt="" loading="lazy" />
          <div className="ps-demo-phone">{stage}</div>
        </>
      ) : (
        stage
      )}
    </div>
  );
}
