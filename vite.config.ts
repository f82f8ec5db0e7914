import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
  },
  ssr: {
    // Bundled into the SSR build so it does not need CSS or ESM quirks handled at run time.
    noExternal: ['swiper'],
  },
});
