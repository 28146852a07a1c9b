import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./vite-precompress.ts";

/** Where `npm run dev` runs the API; the dev server proxies to it. */
const target = process.env.GRAPH_API_TARGET ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), precompress()],
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
