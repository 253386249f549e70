// @ts-check

import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { cspGuard } from './scripts/lib/csp-guard';

// Fully static output, no adapter: the Netlify adapter emits an SSR catch-all function that
// shadows our hand-written /api functions (see docs/architecture.md).
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  // npm start builds each served copy into a folder of its own (scripts/lib/serve.ts); dist/ otherwise.
  outDir: process.env.SITE_OUT_DIR || './dist',
  output: 'static',
  trailingSlash: 'ignore',
  // The stylesheet goes inline into each page: the first paint then waits for the page alone, not for a
  // second request (about one round trip of a phone's largest paint).
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react(), cspGuard()],
  vite: {
    plugins: [tailwindcss()],
    // Scripts go to files, never inline: the CSP allows the site's own files plus the hashes of the few
    // inline scripts Astro itself writes (netlify.toml), so editing a component never breaks a page.
    build: { assetsInlineLimit: 0 },
  },
  devToolbar: { enabled: false },
});
