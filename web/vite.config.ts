import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./vite-precompress.ts";

/** Where `npm run dev` runs the API; the dev server proxies to it. */
const target = process.env.GRAPH_API_TARGET ?? "http://127.0.0.1:3000";

/** The page grounds of the two themes (web/src/styles/app.css's --color-bg). */
const LIGHT_GROUND = "#f6f3ec";

/**
 * The installed app: its manifest, and the service worker (web/src/features/offline/sw.ts,
 * built to /sw.js) that precaches the app shell and keeps today's picks for reading offline.
 * A new version waits for the person's "update" (features/offline/UpdatePrompt.tsx, with workbox-window).
 */
const installable = VitePWA({
  strategies: "injectManifest",
  srcDir: "src/features/offline",
  filename: "sw.ts",
  registerType: "prompt",
  // Registered by the update prompt, once the page has rendered.
  injectRegister: false,
  injectManifest: {
    // The shell: scripts, styles, index.html, the theme script and the icons. Not the login
    // screen's previews or the link-preview picture (fetched when shown), nor the .br/.gz copies.
    globPatterns: ["**/*.{js,css,html,woff2}", "favicon.svg", "icons/*.png"],
    globIgnores: ["sw.js", "preview/**"],
  },
  manifest: {
    name: "graph",
    short_name: "graph",
    description: "Articles matched to your own topics, saying why each one matched.",
    id: "/home",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    // Both themes' grounds are in index.html's theme-color tags; this is the light one.
    theme_color: LIGHT_GROUND,
    background_color: LIGHT_GROUND,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  },
});

export default defineConfig({
  plugins: [react(), installable, precompress()],
  server: {
    proxy: {
      "^/api(/|$)": { target, changeOrigin: false },
      "^/ws(/|$)": { target, ws: true, changeOrigin: false },
      "^/dev(/|$)": { target, changeOrigin: false },
      "^/media/": { target, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "^/api(/|$)": { target, changeOrigin: false },
      "^/ws(/|$)": { target, ws: true, changeOrigin: false },
      "^/dev(/|$)": { target, changeOrigin: false },
      "^/media/": { target, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
