import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/**
 * One build for the three Electron parts. Our folders are src-main, src-preload and
 * src-renderer (not electron-vite's default src/main ...), so every input is named here.
 * The browser host serves the same out/renderer build.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(root, 'src-main/hosts/electron.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(root, 'src-preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; minified, the first screen parses a third less (787 -> ~510 KB gzipped).
      // RENDERER_MINIFY=0 keeps names readable in a CPU profile of the renderer (docs/testing.md).
      minify: process.env.RENDERER_MINIFY !== '0',
      rollupOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
