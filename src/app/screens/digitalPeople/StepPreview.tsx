import type { ReactNode } from 'react';

/**
 * The preview column of a presenter step: a title over the preview box, which says what to pick
 * (`empty`) while there is nothing to show.
 */
export function StepPreview(props: { title: string; testId: string; empty: string; children: ReactNode }) {
  return (
    <div className="ps-dp-preview-col">
      <div className="ps-dp-preview-title">
        <span>{props.title}</span>
      </div>
      <div className="ps-dp-video-preview ps-dp-scene" data-testid={props.testId}>
        {props.children ?? <span className="ps-dp-preview-empty">{props.empty}</span>}
      </div>
    </div>
  );
}
