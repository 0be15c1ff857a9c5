import { PRESENTER_STATUS } from '../../api/presenter.contract';
import type { PresenterRow, PresentersRepo } from '../adapters/db/presenters.repo';
import type { FileStore } from '../adapters/files';
import { figureBounds } from '../adapters/presenterImages';
import { pictureName } from './presenterItem';

/*
 * The person's box in a picture presenter (shotFraming's figure, which 人物全身 and 人物半身 frame)
 * is measured when the presenter is made. Presenters made before that have none in their stored rig:
 * theirs is measured on their first read (a list, a render) and stored, `null` for an opaque picture,
 * so it is measured once.
 */

/** `row` with its figure measured and stored when it had none yet (kinds 1 and 3). */
export async function withFigure(
  row: PresenterRow,
  presenters: PresentersRepo,
  files: FileStore,
): Promise<PresenterRow> {
  if (row.status !== PRESENTER_STATUS.ready || (row.kind !== 1 && row.kind !== 3)) return row;
  const stored = JSON.parse(row.rig ?? '{}') as Record<string, unknown>;
  if ('figure' in stored) return row;
  const name = row.kind === 1 ? 'body.png' : pictureName(row);
  try {
    // A JPEG has no transparency: the picture is the person.
    const figure = name.endsWith('.png')
      ? await figureBounds(await files.localPath(`${row.dir_key}/${name}`))
      : null;
    const rig = JSON.stringify({ ...stored, figure });
    await presenters.update(row.owner_id, row.id, { rig });
    return { ...row, rig };
  } catch {
    // Not readable now: framed as its picture this time, measured on a later read.
    return row;
  }
}
