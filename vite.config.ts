import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

const API = 'http://localhost:3000';
// The router plugin resolves paths against Vite's root (web/), so they are made absolute here.
const fromRepo = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const proxied = ['/v1', '/common', '/dict', '/dsc-staff', '/api', '/file', '/dev'];

export default defineConfig({
  root: 'web',
  // Plugin order matters: routes are generated and split first, lingui macros compiled before React.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRepo('./web/routes'),
      generatedRouteTree: fromRepo('./web/routeTree.gen.ts'),
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
  ],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])) },
  preview: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])) },
});
