import { vitePlugin as remix } from '@remix-run/dev';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { ManualChunkMeta } from 'rollup';
import tsconfigPaths from 'vite-tsconfig-paths';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const libs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../libs');

/**
 * Client chunks: every module the shell (entry.client and root.tsx) imports, directly or not,
 * goes into one `shell` chunk. Every page loads all of it anyway, and split by Rollup into many
 * small files it cost a slow phone one more round trip per six files before the page is usable
 * (issue 6; decision 021). Modules only some routes use stay in their own chunks, so no page
 * loads more code.
 */
function shellChunk() {
  let shell: Set<string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    if (!shell) {
      const ids = [...meta.getModuleIds()];
      const entries = ids.filter((m) => /\/app\/(root|entry\.client)\.tsx$/.test(m));
      shell = new Set();
      // The card helpers too (ListLink, lib/i18n/texts, lib/serving/html: small modules the catalogue's and
      // the partners' cards share): left to Rollup they became three more files on the home
      // page (decision 031). And useHydrated (the public forms' and most staff screens'), which
      // became a file of its own when the toasts stopped using it. And the lead rules (0.7 KB: the
      // public forms' and the quiz's), a file of their own once the shell stopped importing the
      // contracts' index.
      const shared = ids.filter(
        (m) =>
          /\/app\/(components\/ListLink\.tsx|lib\/i18n\/texts\.ts|lib\/serving\/html\.ts|lib\/serving\/use-hydrated\.ts)$/.test(m) ||
          /\/libs\/contracts\/src\/leads\.rules\.ts$/.test(m),
      );
      const stack = [...shared, ...entries.flatMap((e) => [...(meta.getModuleInfo(e)?.importedIds ?? [])])];
      for (let m = stack.pop(); m !== undefined; m = stack.pop()) {
        if (shell.has(m) || entries.includes(m)) continue;
        shell.add(m);
        stack.push(...(meta.getModuleInfo(m)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? 'shell' : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
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
        // Off (decision 031, with the figures): the whole route manifest comes as one cached
        // file, instead of Remix scanning every link of the page after hydration and on each
        // DOM change (a MutationObserver) and asking /__manifest for their routes.
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
  ],
  build: { target: 'es2020', ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: shellChunk() } } }) },
  server: { port: 3000 },
}));
