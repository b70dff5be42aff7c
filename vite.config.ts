import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // Every lucide icon in one chunk: about 8 kB gzipped for all of them, where one chunk per
        // icon had a page preload some twenty 1 kB files, each a round trip on a slow line.
        codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react/ }] },
      },
    },
  },
});
