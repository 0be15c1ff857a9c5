import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import type { Box } from '../../../model/project';
import { resolveServerUrl } from '../../config';
import { timingsBeside } from '../../state/editorNarration';
import { loadMouthTimeline, loadPresenterRig, presenterRig } from '../../state/editorTalk';
import { activeClipPath, clipClockMs, isPlaying } from '../../state/threePlayback';
import { animateRig, preloadMouths } from '../presenter/rigAnimation';
import { RigSprites } from '../presenter/RigSprites';

interface Props {
  uuid: string;
  name: string;
  staticImg: string;
  box: Box;
}

/**
 * The presenter on the /three stage: its sprite rig (as the render composes it) lip-syncing to the
 * clip being heard (the timings beside that audio) and blinking while the preview plays; mouth at
 * rest (X) between clips and when paused. A presenter without a rig shows its static image.
 */
export function ThreePresenter(p: Props) {
  useSignals();
  const mouth = useRef<HTMLImageElement>(null);
  const blink = useRef<HTMLImageElement>(null);
  const rig = presenterRig.value?.id === p.uuid ? presenterRig.value : null;
  const running = isPlaying.value;
  const clip = activeClipPath.value;

  useEffect(() => {
    void loadPresenterRig(p.uuid);
  }, [p.uuid]);

  useEffect(() => {
    if (!rig || !running) return;
    let live = true;
    let stop: (() => void) | null = null;
    const timeline = clip ? loadMouthTimeline(timingsBeside(clip)) : Promise.resolve([]);
    void Promise.all([timeline, preloadMouths(rig.rig)]).then(([cues]) => {
      if (!live || !mouth.current || !blink.current) return;
      stop = animateRig(rig.rig, cues, clipClockMs, { mouth: mouth.current, blink: blink.current });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [rig, running, clip]);

  return (
    <div
      className="ps-preview-item ps-preview-character framed"
      data-testid="three-character"
      data-talking={!!rig && running && !!clip}
      style={{ left: p.box.x, top: p.box.y, width: p.box.width, height: p.box.height }}
    >
      <img src={resolveServerUrl(p.staticImg)} alt={p.name} draggable={false} />
      {rig && (
        <RigSprites
          rig={rig.rig}
          width={rig.width}
          height={rig.height}
          visible
          mouthRef={mouth}
          blinkRef={blink}
          testId="three-rig"
          mouthTestId="three-mouth"
        />
      )}
    </div>
  );
}
