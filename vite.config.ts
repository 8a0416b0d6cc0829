import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** What the Vite dev server answers itself: its modules, and HTML page loads (the client router decides). */
const servedByVite = (url: string, accept: string | undefined) =>
  /^\/(@|src\/|node_modules\/|main\.tsx|index\.html)/.test(url) || (accept ?? '').includes('text/html');

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
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
