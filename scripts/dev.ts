// `npm run dev`: the API server (restarting on change) and Vite with hot reload, which proxies
// /api and /oauth to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['lingui', 'compile'], { stdio: 'inherit' }),
];
children[0]!.on('exit', () => {
  children.push(spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit' }));
  children.push(spawn('npx', ['vite'], { stdio: 'inherit' }));
});
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
