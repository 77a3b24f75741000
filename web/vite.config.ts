import { vitePlugin as remix } from '@remix-run/dev';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const libs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../libs');

export default defineConfig({
  resolve: {
    // Shared libs are compiled from source (ES modules), so the client bundle tree-shakes them.
    alias: [{ find: /^@realty\/(contracts|i18n|api-client)(\/.*)?$/, replacement: `${libs}/$1/src$2` }],
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
  build: { target: 'es2020' },
  server: { port: 3000 },
});
