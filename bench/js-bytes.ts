// JavaScript a page makes the browser load before any interaction (DESIGN.md §8: 0 bytes on static
// pages and landers, at most 100 KB gzip on the heaviest): the module scripts and modulepreloads in
// its HTML, plus every chunk they import statically (Vite's manifest), each counted once, gzipped.
// Dynamic imports load on interaction (opening an island) and are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export class JsBytes {
  private readonly byFile = new Map<string, ManifestChunk>();
  private readonly byKey: Record<string, ManifestChunk>;
  private readonly gzipped = new Map<string, number>();

  constructor(private readonly buildDir: string) {
    this.byKey = JSON.parse(readFileSync(join(buildDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    for (const chunk of Object.values(this.byKey)) this.byFile.set(chunk.file, chunk);
  }

  /** Gzipped bytes of the JavaScript the page loads up front, and the files. */
  of(html: string): { bytes: number; files: string[] } {
    const urls = [
      ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*\btype="module"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)].map((m) => m[1]!),
    ];
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const key of this.byFile.get(file)?.imports ?? []) {
        const chunk = this.byKey[key];
        if (chunk) visit(chunk.file);
      }
    };
    for (const url of urls) visit(url.replace(/^.*?\/build\//, '').replace(/[?#].*$/, ''));
    let bytes = 0;
    for (const file of files) bytes += this.gzipSize(file);
    return { bytes, files: [...files] };
  }

  private gzipSize(file: string): number {
    let size = this.gzipped.get(file);
    if (size === undefined) {
      const path = join(this.buildDir, file);
      // The build writes .gz next to each asset (served as is); otherwise compress it here.
      size = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0;
      this.gzipped.set(file, size);
    }
    return size;
  }
}
