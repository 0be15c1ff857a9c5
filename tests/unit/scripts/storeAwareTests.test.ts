import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeAwareTests } from '../../../scripts/storeAwareTests';

describe('the server tests the S3 profile runs again', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-aware-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('are those reading TEST_STORE or TEST_DIALECTS, themselves or through a chain of helpers', () => {
    write('helpers/store.ts', "export const s3 = process.env.TEST_STORE === 's3';\n");
    write('helpers/server.ts', "import { s3 } from './store';\nexport const start = () => s3;\n");
    write('helpers/tone.ts', 'export const tone = 440;\n');
    write('api.test.ts', "import { start } from './helpers/server';\n");
    write('video/render.test.ts', "import { tone } from '../helpers/tone';\n");
    write('video/upload.test.ts', "import { start } from '../helpers/server.ts';\n");
    write('dialects.test.ts', 'const only = process.env.TEST_DIALECTS;\n');
    write('queue.test.ts', 'const queue = process.env.TEST_QUEUE;\n');
    write(
      'ownBucket.test.ts',
      "// npm test: not run again with TEST_STORE=s3 (its own bucket)\nimport { start } from './helpers/server';\n",
    );
    const names = storeAwareTests(dir).map((f) => path.relative(dir, f));
    expect(names).toEqual(['api.test.ts', 'dialects.test.ts', 'video/upload.test.ts']);
  });

  it('include every server test that starts a test server', () => {
    const server = path.resolve(import.meta.dirname, '../../server');
    const aware = storeAwareTests(server).map((f) => path.relative(server, f));
    expect(aware).toContain('projects.test.ts');
    expect(aware).toContain('video/crash.test.ts');
    expect(aware).not.toContain('video/shotMemory.test.ts');
    // Clusters on a bucket of their own whatever TEST_STORE says, and one whose bucket variant is
    // s3ScaleOut.test.ts.
    expect(aware).not.toContain('s3FanOut.test.ts');
    expect(aware).not.toContain('s3ScaleOut.test.ts');
    expect(aware).not.toContain('scaleOut.test.ts');
    expect(aware).toContain('scaleOutFanOut.test.ts');
  });
});
