import { computed } from '@preact/signals-react';
import { setBackgroundMusic } from '../../model/project';
import { dispatch, doc } from './editor';
import { materialLists } from './materials';

/** The editor's chosen background music as a material, 'missing' when it was deleted, or null (none). */
export const chosenMusic = computed(() => {
  const path = doc.value?.bgMusic ?? '';
  if (!path) return null;
  const audio = materialLists[3];
  const item = audio.items.value.find((m) => m.path === path);
  if (item) return item;
  return audio.loaded.value ? ('missing' as const) : null;
});

/** 背景音乐 确定: writes the choice into the document (an undo step; saved with the draft). */
export function applyMusic(path: string, volume: number) {
  return dispatch(setBackgroundMusic, { path, volume });
}
