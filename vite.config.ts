// Builds the browser side: the island bootstrap (one chunk per island, React in a shared vendor
// chunk) and the site stylesheet, each text file also written brotli- and gzip-compressed for the
// server to send as they are (server/middleware/compression.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = 'public/build';
/** Files smaller than this gain nothing worth a second request header from compression. */
const MIN_COMPRESS_BYTES = 1024;

/** Writes name.br and name.gz beside every built script, stylesheet and SVG, at the best levels. */
function precompress(): Plugin {
  return {
    name: 'amora-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? OUT_DIR;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const source = readFileSync(join(dir, file));
        if (source.length < MIN_COMPRESS_BYTES) continue;
        writeFileSync(join(dir, `${file}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  publicDir: false,
  // Built files are served under /build/; the dev server serves sources from the root.
  base: command === 'build' ? '/build/' : '/',
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      input: ['islands/client.ts', 'views/styles/site.css'],
      output: {
        // React and React DOM change far less often than the islands: one cached vendor chunk.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
}));
