// Builds the browser side: the island bootstrap (one chunk per island) and the site stylesheet.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  publicDir: false,
  // Built files are served under /build/; the dev server serves sources from the root.
  base: command === 'build' ? '/build/' : '/',
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: ['islands/client.ts', 'views/styles/site.css'],
    },
  },
}));
