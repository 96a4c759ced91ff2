// The browser entry: finds the islands on this page and hydrates only those, each from its own
// chunk. Pages without islands never load this file. React comes from a shared vendor chunk;
// translations are a plain key lookup (lib/translate.ts), not i18next.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { browserReloadEnv, reloadAfterChunkError } from './lib/chunk-reload.js';
import { watchNavigations } from './lib/loading-bar.js';
import { createTranslate, type IslandStrings } from './lib/translate.js';
import { IslandContext } from './runtime.js';

type IslandModule = { default: ComponentType<object> };

// One lazy chunk per island file: only the islands found on the page are fetched.
const modules = import.meta.glob<IslandModule>('./*.island.tsx');

function loaderFor(name: string): (() => Promise<IslandModule>) | undefined {
  return modules[`./${name}.island.tsx`];
}

function readJson<T>(id: string, fallback: T): T {
  const el = document.getElementById(id);
  if (!el?.textContent) return fallback;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return fallback;
  }
}

function whenNeeded(el: HTMLElement, mode: string | undefined, run: () => void): void {
  if (mode === 'visible' && 'IntersectionObserver' in window) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        run();
      }
    });
    io.observe(el);
  } else if (mode === 'idle' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(run);
  } else {
    run();
  }
}

function onChunkError(err: unknown): void {
  console.error('island chunk failed to load', err);
  reloadAfterChunkError(browserReloadEnv());
}

function hydrateAll(): void {
  const env = readJson<{ lng: string; resources: Record<string, IslandStrings> }>('amora-i18n', { lng: 'en', resources: {} });
  const csrfToken = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island ?? '';
    const load = loaderFor(name);
    if (!load) {
      console.warn(`unknown island ${name}`);
      continue;
    }
    const props = readJson<object>(el.dataset.props ?? '', {});
    whenNeeded(el, el.dataset.hydrate, () => {
      void load().then(({ default: Component }) => {
        const section = el.dataset.section ?? name;
        const t = createTranslate(env.lng, section, env.resources[section] ?? {});
        hydrateRoot(el, createElement(IslandContext.Provider, { value: { t, lng: env.lng, csrfToken } }, createElement(Component, props)));
        el.dataset.hydrated = 'true';
      }, onChunkError);
    });
  }
}

// Vite reports a failed preload of an island's dependencies here before the import rejects.
window.addEventListener('vite:preloadError', (event) => onChunkError((event as Event & { payload?: unknown }).payload));
hydrateAll();
// The loading bar on leaving for another page (SPEC.md §9); pages without islands go without it.
watchNavigations();
