import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** What the Vite dev server answers itself: its modules, and HTML page loads (the client router decides). */
const servedByVite = (url: string, accept: string | undefined) =>
  /^\/(@|src\/|node_modules\/|main\.tsx|index\.html)/.test(url) || (accept ?? '').includes('text/html');

const EXCEPT_EMOJI = (id: string) => !/gemoji|shared[\\/]emoji/.test(id);

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Left to itself the bundler made ~90 chunks, ~50 of them before the first paint: six
        // connections at a time took longer than parsing one script. Libraries every page uses
        // go in one chunk; the emoji list stays with the picker and the reactions that need it.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id) => id.includes('node_modules') && EXCEPT_EMOJI(id), priority: 10 },
            { name: 'common', test: EXCEPT_EMOJI, minShareCount: 2, minSize: 20_000, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    // `npx vite` on :5173 with `npm run dev` on :3000: everything else (API, sign-in, page JSON, git) goes to the server.
    proxy: {
      '/': {
        target: 'http://localhost:3000',
        ws: true,
        bypass: (req) => (servedByVite(req.url ?? '', req.headers.accept) ? req.url : undefined),
      },
    },
  },
});
