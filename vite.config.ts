import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * What the Vite dev server answers itself: its own paths, the app's modules (`/router.tsx`,
 * `/api/client.ts`: the root is src/web), and HTML page loads (the client router decides).
 * Anything under a project's `/-/` (raw files among them) and the API go to the server.
 */
const servedByVite = (url: string, accept: string | undefined) =>
  (accept ?? '').includes('text/html') ||
  (!url.includes('/-/') &&
    !url.startsWith('/api/v4/') &&
    (/^\/(@|node_modules\/|index\.html)/.test(url) || /^[^?]*\.(tsx?|css)(\?|$)/.test(url)));

const isEmoji = (id: string) => /gemoji|shared[\\/]emoji/.test(id);

/**
 * The entry's own modules (main.tsx and what it imports, read once the module graph is built):
 * they start the page's first requests before the app's scripts have loaded, so they go in a
 * small `boot` chunk of their own, not in the shared chunks the app waits for. The build fails
 * if the entry comes to import any other chunk.
 */
const BOOT = /(^|\/)boot-[\w-]+\.js$/;
const entryModules = new Set<string>();
function keepEntryAlone(): Plugin {
  return {
    name: 'keep-entry-alone',
    apply: 'build',
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('src/web/main.tsx'));
      const pending = entry ? [entry] : [];
      for (let id = pending.pop(); id; id = pending.pop()) {
        if (entryModules.has(id)) continue;
        entryModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const others =
          chunk.type === 'chunk' && chunk.isEntry ? chunk.imports.filter((name) => !BOOT.test(name)) : [];
        if (others.length > 0)
          this.error(`the entry imports ${others.join(', ')}: its early requests would wait`);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), keepEntryAlone()],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Left to itself the bundler made ~90 chunks, ~50 of them before the first paint: six
        // connections at a time took longer than parsing one script. Libraries go in one chunk,
        // app code shared by pages in another; the emoji list stays with the picker and the
        // reactions that need it.
        codeSplitting: {
          groups: [
            // First (highest priority): the shared chunks below would otherwise take these in as
            // dependencies of their own modules, and the entry would wait for them.
            { name: 'boot', test: (id) => entryModules.has(id), priority: 20 },
            {
              name: 'vendor',
              test: (id) => /node_modules.*\.[cm]?js$/.test(id) && !isEmoji(id),
              priority: 10,
            },
            {
              name: 'common',
              test: (id) => !isEmoji(id),
              minShareCount: 2,
              minSize: 20_000,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npx vite` on :5173 with `npm run dev` on :3000: everything else (API, sign-in, page JSON, git) goes to the server.
    // Only the GraphQL subscriptions' socket goes through: Vite's own (hot reload) stays here.
    proxy: {
      '/api/graphql': { target: 'http://localhost:3000', ws: true },
      '/': {
        target: 'http://localhost:3000',
        bypass: (req) => (servedByVite(req.url ?? '', req.headers.accept) ? req.url : undefined),
      },
    },
  },
});
