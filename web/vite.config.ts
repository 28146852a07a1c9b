import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const target = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "^/api(/|$)": { target, changeOrigin: false },
      "^/ws(/|$)": { target, ws: true, changeOrigin: false },
      "^/dev(/|$)": { target, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "^/api(/|$)": { target, changeOrigin: false },
      "^/ws(/|$)": { target, ws: true, changeOrigin: false },
      "^/dev(/|$)": { target, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
