import { useEffect } from 'react';
import { closeRecorder } from '../../../state/recorder';
import { RecorderDialog } from './RecorderDialog';

/** Mounts the recording dialog once in the editor; leaving the editor stops the microphone. */
export function RecorderHost() {
  useEffect(() => closeRecorder, []);
  return <RecorderDialog />;
}
