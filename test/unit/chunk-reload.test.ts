// SPEC.md §8/§9: a failed island chunk load reloads the page, at most once per 60 s.
import { expect } from 'chai';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, reloadAfterChunkError, type ReloadEnv } from '../../islands/lib/chunk-reload.js';
import { webManifest } from '../../server/routes/web-manifest-routes.js';

function fakeEnv(start = 1_000_000) {
  const stored = new Map<string, string>();
  const env = {
    clock: start,
    reloads: 0,
    storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) } as ReloadEnv['storage'],
    now: () => env.clock,
    reload: () => void env.reloads++,
  };
  return { env, stored };
}

describe('chunk reload guard', () => {
  it('reloads on the first failure, not again within a minute, and again after it', () => {
    const { env, stored } = fakeEnv();
    expect(reloadAfterChunkError(env)).to.equal(true);
    expect(stored.get(CHUNK_RELOAD_KEY)).to.equal(String(env.clock));
    env.clock += CHUNK_RELOAD_GUARD_MS - 1;
    expect(reloadAfterChunkError(env)).to.equal(false);
    env.clock += 1;
    expect(reloadAfterChunkError(env)).to.equal(true);
    expect(env.reloads).to.equal(2);
  });

  it('does not reload without storage to remember it in (it could loop), nor when storage refuses', () => {
    const { env } = fakeEnv();
    expect(reloadAfterChunkError({ ...env, storage: null })).to.equal(false);
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(reloadAfterChunkError({ ...env, storage: full })).to.equal(false);
    expect(env.reloads).to.equal(0);
  });

  it('treats a stored time in the future (clock changed) or garbage as no recent reload', () => {
    const { env, stored } = fakeEnv();
    stored.set(CHUNK_RELOAD_KEY, String(env.clock + 5_000));
    expect(reloadAfterChunkError(env)).to.equal(true);
    stored.set(CHUNK_RELOAD_KEY, 'garbage');
    env.clock += 1;
    expect(reloadAfterChunkError(env)).to.equal(true);
  });
});

describe('web manifest', () => {
  it('uses the site name, shortened for the home screen when long', () => {
    expect(webManifest('Liefdesplein Nederland')).to.include({ name: 'Liefdesplein Nederland', short_name: 'Liefdesplein' });
    expect(webManifest('Amora')).to.include({ name: 'Amora', short_name: 'Amora' });
  });
});
