import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/-/': 'http://localhost:3000',
      '/oauth': 'http://localhost:3000',
    },
  },
});
