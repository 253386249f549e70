// @ts-check

import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// Fully static output, no adapter: the Netlify adapter emits an SSR catch-all function that
// shadows our hand-written /api functions (see README, "Architecture").
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
  },
  devToolbar: { enabled: false },
});
