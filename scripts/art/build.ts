/**
 * Regenerates the built-in library deterministically:
 *   npx tsx scripts/art/build.ts            (everything)
 *   npx tsx scripts/art/build.ts characters (or: scenes)
 * Output: assets/library/{characters/<id>/..., scenes/..., library.json}. See scripts/art/README.md.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildCharacter } from './characters.js';
import { PRESENTERS } from './palette.js';
import { buildScene, SCENES } from './scenes.js';

const root = path.resolve(import.meta.dirname, '../../assets/library');
const what = process.argv[2] ?? 'all';

const characters = [];
for (const p of PRESENTERS) {
  if (what === 'all' || what === 'characters') await buildCharacter(p, path.join(root, 'characters'));
  characters.push({
    id: p.id,
    name: p.name,
    sex: p.sex,
    style: p.style,
    suggestedVoice: p.suggestedVoice,
    dir: `characters/${p.id}`,
  });
}
const scenes = [];
for (const s of SCENES) {
  if (what === 'all' || what === 'scenes') scenes.push(await buildScene(s, path.join(root, 'scenes')));
}
if (what === 'all') {
  const file = path.join(root, 'library.json');
  const json = JSON.stringify({ version: 1, characters, scenes });
  await writeFile(file, await format(json, { ...(await resolveConfig(file)), parser: 'json' }));
}
console.log(`library: ${characters.length} characters, ${scenes.length} scenes -> ${root}`);
