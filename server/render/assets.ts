// Which script and style files a page needs: Vite's manifest in production, Vite's dev server in dev.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../config.js';

export const BUILD_DIR = join(ROOT_DIR, 'public', 'build');
export const BUILD_BASE = '/build/';
const CLIENT_ENTRY = 'islands/client.ts';
const STYLE_ENTRY = 'views/styles/site.css';

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export interface PageAssets {
  styles: string[];
  /** Module scripts to run (the island bootstrap); empty when the page has no island. */
  scripts: string[];
  /** Island chunks and their imports, fetched in parallel with the bootstrap. */
  preloads: string[];
}

export interface AssetResolver {
  forIslands(islands: Iterable<string>): PageAssets;
}

export function islandModulePath(name: string): string {
  return `islands/${name}.island.tsx`;
}

/** Production: resolve through .vite/manifest.json written by `vite build`. */
export function manifestAssets(buildDir = BUILD_DIR): AssetResolver {
  const manifestPath = join(buildDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${buildDir}: run "npm run build" first`);
  }
  return assetsFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>);
}

export function assetsFromManifest(manifest: Record<string, ManifestChunk>): AssetResolver {
  const chunk = (key: string): ManifestChunk => {
    const c = manifest[key];
    if (!c) throw new Error(`Vite manifest has no entry for ${key}`);
    return c;
  };
  const url = (file: string) => BUILD_BASE + file;
  const styles = [url(chunk(STYLE_ENTRY).file)];
  const client = chunk(CLIENT_ENTRY);
  const cache = new Map<string, PageAssets>();

  const collectImports = (key: string, into: Set<string>) => {
    const c = chunk(key);
    if (into.has(url(c.file))) return;
    into.add(url(c.file));
    for (const imp of c.imports ?? []) collectImports(imp, into);
  };

  return {
    forIslands(islands) {
      const names = [...islands].sort();
      if (names.length === 0) return { styles, scripts: [], preloads: [] };
      const key = names.join(',');
      const hit = cache.get(key);
      if (hit) return hit;
      const preloads = new Set<string>();
      for (const imp of client.imports ?? []) collectImports(imp, preloads);
      for (const name of names) collectImports(islandModulePath(name), preloads);
      // Islands import their shared runtime from the bootstrap itself, which the page runs anyway.
      preloads.delete(url(client.file));
      const assets = { styles, scripts: [url(client.file)], preloads: [...preloads] };
      cache.set(key, assets);
      return assets;
    },
  };
}

/** Development: Vite serves sources with hot reload; the preamble enables React Fast Refresh. */
export function devAssets(): AssetResolver {
  const styles = ['/' + STYLE_ENTRY];
  return {
    forIslands(islands) {
      const any = [...islands].length > 0;
      return {
        styles,
        scripts: ['/@vite/client', ...(any ? ['/__dev/react-refresh.js', '/' + CLIENT_ENTRY] : [])],
        preloads: [],
      };
    },
  };
}
