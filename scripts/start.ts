import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// `npm start`: build the front end when it is missing or older than its sources, then run the server.
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/public/index.html');

function newestMtime(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

const sources = ['index.html', 'src/app', 'src/api', 'src/model', 'src/render', 'src/workers', 'public']
  .map((p) => path.join(root, p))
  .filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the web app (first start or sources changed)...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../src/server/main');
