// The server runs with the same node flags wherever it is started for real (README note 131):
// `npm start`, the README's systemd unit, and the scripts and journeys that start it
// (scripts/compiled-server.ts). The memory flags are what keeps an idle server near 280 MB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '#scripts/compiled-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the server’s node flags', () => {
  it('cap the young generation and V8’s helper threads', () => {
    expect(SERVER_NODE_FLAGS).toEqual(expect.arrayContaining(['--max-semi-space-size=8', '--v8-pool-size=1']));
  });

  it('are the ones npm start gives', () => {
    expect(manifest.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });

  it('are the ones the README’s systemd unit gives', () => {
    expect(readme).toContain(`ExecStart=/usr/bin/node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });
});
