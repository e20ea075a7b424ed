import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

// Browser chunks: every page needs React, React DOM, React Router and the bundler's helpers, so
// they travel as one file instead of five; the public site's shared components likewise. Fewer,
// larger files compress better and cost fewer requests (the bench's front-end section and
// Lighthouse measure both). Modules used by one page only, or loaded later, keep their own chunks.
const framework =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)/;
// The store's components (app/components/store/) stay out of `site`: only product and checkout pages
// use them, and the home page must not carry their bytes.
const storeShared = /[\\/]app[\\/](components[\\/]store[\\/]|lib[\\/]money\.ts)/;
const publicShared = /[\\/]app[\\/](components[\\/](?!admin[\\/]|store[\\/])|content[\\/]|site\.ts)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: framework, priority: 2 },
                { name: "site", test: publicShared, tags: ["$initial"], minShareCount: 2, priority: 1 },
                // What the store's pages share (price formatting, order summary, Buy box) as one file: every
                // chunk is a hashed name in the route manifest that every page loads, the home page too.
                { name: "store", test: storeShared, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
  },
}));
