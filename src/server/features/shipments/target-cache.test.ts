// The reference cache (target-cache.ts): a read is trusted for its time, concurrent misses share
// one read, and a read that a forget overtook is answered but not kept.
import { describe, expect, it } from 'vitest';
import { targetCache, type ClientTargets } from './target-cache.ts';

const targets = (defaultId: string): ClientTargets => ({ products: { SK: ['PRM'] }, addresses: { ids: new Set([defaultId]), defaultId } });

describe('the reference cache', () => {
  it('answers a read again within its time, and reads again after it', async () => {
    let clock = 0;
    let reads = 0;
    const cache = targetCache(5_000, () => clock);
    const read = async () => targets(`A${++reads}`);
    expect((await cache.client('c1', read)).addresses.defaultId).toBe('A1');
    clock = 4_999;
    expect((await cache.client('c1', read)).addresses.defaultId).toBe('A1');
    clock = 5_000;
    expect((await cache.client('c1', read)).addresses.defaultId).toBe('A2');
    expect(reads).toBe(2);
  });

  it('shares one read among concurrent misses, per client', async () => {
    let reads = 0;
    const cache = targetCache(5_000);
    const read = async () => targets(`A${++reads}`);
    const answers = await Promise.all([cache.client('c1', read), cache.client('c1', read), cache.client('c2', read)]);
    expect(answers.map((a) => a.addresses.defaultId)).toEqual(['A1', 'A1', 'A2']);
  });

  it('does not keep a read that a forget overtook, nor anything with no time', async () => {
    let release = () => undefined as void;
    let reads = 0;
    const cache = targetCache(5_000);
    const slow = () => new Promise<ClientTargets>((resolve) => (release = () => resolve(targets(`A${++reads}`))));
    const pending = cache.client('c1', slow);
    cache.forgetAll();
    release();
    expect((await pending).addresses.defaultId).toBe('A1');
    expect((await cache.client('c1', async () => targets(`A${++reads}`))).addresses.defaultId).toBe('A2');

    const none = targetCache(0);
    let partnerReads = 0;
    const partner = async () => ({ id: ++partnerReads, name: 'SPS' });
    await none.partner('SK|PRM', partner);
    expect((await none.partner('SK|PRM', partner))?.id).toBe(2);
  });
});
