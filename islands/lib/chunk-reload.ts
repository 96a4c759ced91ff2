// A failed island chunk load (SPEC.md §8) usually means a deploy replaced the hashed files this page
// points at: reloading fetches the new page. At most once per minute (SPEC.md §9), remembered in
// sessionStorage, so a chunk that stays unreachable (offline, a broken deploy) never loops reloads.
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'amora-chunk-reload';

export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** Reloads unless the last reload for this reason was less than a minute ago; true when it did. */
export function reloadAfterChunkError(env: ReloadEnv): boolean {
  // Without memory a reload could loop, so no storage means no reload.
  if (!env.storage) return false;
  const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  const now = env.now();
  if (last > 0 && now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // storage full or blocked: same as no storage
  }
  env.reload();
  return true;
}

function browserStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserReloadEnv(): ReloadEnv {
  return { storage: browserStorage(), now: () => Date.now(), reload: () => window.location.reload() };
}
