import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './rounds';

/*
 * `npx tsx bench/profileBeforeAfter.ts [pairs]`: the render profile of the code where issue 15's
 * work began against this checkout's, on this machine, in interleaved pairs (before, after,
 * before, ...) so the machine's drift falls on both alike; prints each side's median per stage.
 *
 * "Before" is dc98f7a (the profile harness, the render as it was) with beforeIssue15.patch: the
 * CPU-per-stage recording of ac5e53c (which the render only gained after its next, unrelated
 * commits, one of which does not build) and the bench's status poll every 500 ms instead of 100
 * (each poll costs CPU that is not the render's). It shares this checkout's node_modules: the
 * lock file only gained packages since.
 */

const BEFORE = 'dc98f7a';
const root = path.resolve(import.meta.dirname, '..');
const pairs = Math.max(1, Number(process.argv[2]) || 5);

type Profile = { name: string; cpuSeconds: number; wallSeconds: number; stages: Record<string, number> };

/** One `npm run bench -- --profile` in `dir`; its profiles. */
function profileIn(dir: string, out: string): Profile[] {
  const run = spawnSync('npm', ['run', 'bench', '--', '--profile'], {
    cwd: dir,
    env: { ...process.env, BENCH_OUT: out },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`the profile in ${dir} failed`);
  return JSON.parse(readFileSync(out, 'utf8')).profiles;
}

const work = mkdtempSync(path.join(tmpdir(), 'before-after-'));
const beforeDir = path.join(work, 'before');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
git('worktree', 'add', '--detach', beforeDir, BEFORE);
try {
  execFileSync('git', ['apply', path.join(root, 'bench/beforeIssue15.patch')], { cwd: beforeDir });
  symlinkSync(path.join(root, 'node_modules'), path.join(beforeDir, 'node_modules'));
  const runs: Record<'before' | 'after', Profile[][]> = { before: [], after: [] };
  for (let k = 0; k < pairs; k++) {
    runs.before.push(profileIn(beforeDir, path.join(work, `before-${k}.json`)));
    runs.after.push(profileIn(root, path.join(work, `after-${k}.json`)));
    console.log(`pair ${k + 1} of ${pairs} done`);
  }
  for (const side of ['before', 'after'] as const) {
    runs[side][0].forEach((first, p) => {
      const of = (pick: (r: Profile) => number) => median(runs[side].map((r) => pick(r[p])));
      console.log(
        `\n${side}, ${first.name}: whole render ${of((r) => r.cpuSeconds)} CPU s, wall ${of((r) => r.wallSeconds)} s`,
      );
      for (const stage of Object.keys(first.stages))
        console.log(`  ${stage}: ${of((r) => r.stages[stage] ?? 0)}`);
    });
  }
} finally {
  git('worktree', 'remove', '--force', beforeDir);
  rmSync(work, { recursive: true, force: true });
}
