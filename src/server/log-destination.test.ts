// The log's chunking (issue 30): lines reach the stream in chunks of ~16 KB (one write per ~80
// access lines), in order, none lost: on flush (the timer's) and at exit (flushSync).
import { describe, expect, it } from 'vitest';
import { chunkedDestination } from './log-destination.ts';

function target() {
  const chunks: string[] = [];
  let synced = 0;
  return {
    chunks,
    synced: () => synced,
    stream: {
      write: (chunk: string) => chunks.push(chunk),
      flushSync: () => {
        synced++;
      },
    },
  };
}

const line = (i: number) => `{"level":30,"msg":"request","n":${i},"pad":"${'x'.repeat(150)}"}\n`;

describe('chunkedDestination', () => {
  it('holds short lines until a flush, then writes them as one chunk in order', () => {
    const t = target();
    const destination = chunkedDestination(t.stream);
    destination.write(line(1));
    destination.write(line(2));
    expect(t.chunks).toEqual([]);
    destination.flush();
    expect(t.chunks).toEqual([line(1) + line(2)]);
    destination.flush();
    expect(t.chunks).toHaveLength(1);
  });

  it('writes a chunk as soon as ~16 KB wait, in far fewer writes than lines, losing none', () => {
    const t = target();
    const destination = chunkedDestination(t.stream);
    const lines = Array.from({ length: 1000 }, (_, i) => line(i));
    for (const l of lines) destination.write(l);
    expect(t.chunks.length).toBeGreaterThan(5);
    expect(t.chunks.length).toBeLessThan(20);
    for (const chunk of t.chunks) expect(chunk.length).toBeGreaterThanOrEqual(16_384);
    destination.flushSync();
    expect(t.synced()).toBe(1);
    expect(t.chunks.join('')).toBe(lines.join(''));
  });
});
