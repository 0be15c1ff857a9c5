import path from 'node:path';
import { spawn } from 'node:child_process';

// `npm run dev`: the API server with reload on :8080 and Vite with hot reload on :5173 (proxying the API).
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
console.log('Dev: open http://localhost:5173/home/ (API on :8080)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
