import type { CharacterItem } from '../../api/library.contract';
import {
  OWN_PRESENTER_PREFIX,
  PRESENTER_MOUTH_SHAPES,
  resolveMouthShapes,
  type PresenterKeying,
  type PresenterKind,
  type PresenterRect,
} from '../../api/presenter.contract';
import type { PresenterRow } from '../adapters/db/presenters.repo';
import { NO_RECT, type StoredPicture, type StoredRig } from './presenterUploads';

/** A stored presenter as the library lists it (spec 3 CharacterItem), with its file URLs. */
export function presenterItem(row: PresenterRow): CharacterItem {
  const url = (file: string) => `/files/${row.dir_key}/${file}`;
  const kind = (row.kind === 2 ? 2 : row.kind === 3 ? 3 : 1) as PresenterKind;
  const still = kind === 1 ? url('static.png') : kind === 2 ? url('poster.png') : url(pictureName(row));
  const base = {
    id: `${OWN_PRESENTER_PREFIX}${row.id}`,
    name: row.name,
    static_img: still,
    icon: url('icon.png'),
    status: row.status,
    statusMessage: row.message,
    isPublic: 2,
    type: kind,
    video: kind === 2 ? url('loop.mp4') : '',
    timbreInfo: '',
    sex: 0,
    style: '',
    width: row.width,
    height: row.height,
    kind,
    keying: row.keying ? (JSON.parse(row.keying) as PresenterKeying) : null,
  };
  if (kind !== 1) {
    const figure = kind === 3 ? storedFigure(row) : undefined;
    return {
      ...base,
      rig: {
        body: still,
        blink: '',
        mouths: {},
        mouth: NO_RECT,
        eyes: NO_RECT,
        ...(figure ? { figure } : {}),
      },
    };
  }
  const rig = JSON.parse(row.rig ?? '{}') as StoredRig;
  const resolved = resolveMouthShapes(rig.shapes);
  return {
    ...base,
    rig: {
      body: url('body.png'),
      blink: url('blink.png'),
      mouths: Object.fromEntries(PRESENTER_MOUTH_SHAPES.map((s) => [s, url(`mouth-${resolved[s]}.png`)])),
      mouth: rig.mouth,
      eyes: rig.eyes,
      ...(rig.figure ? { figure: rig.figure } : {}),
    },
  };
}

/** The person's box measured in a kind 1 or 3 presenter's picture, when it has one (presenterFigures.ts). */
export function storedFigure(row: PresenterRow): PresenterRect | undefined {
  return (JSON.parse(row.rig ?? '{}') as { figure?: PresenterRect | null }).figure ?? undefined;
}

/** The stored picture of a kind-3 presenter (PNG uploads stay PNG, JPEG stay JPEG). */
export function pictureName(row: PresenterRow): string {
  const stored = JSON.parse(row.rig ?? '{}') as Partial<StoredPicture>;
  return stored.file === 'picture.jpg' ? 'picture.jpg' : 'picture.png';
}
