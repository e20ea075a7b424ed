import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
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

const ISLANDS_SOURCE = "app/islands/entry.client.ts";
const ISLANDS_MODULE = "virtual:islands-entry";

/**
 * Static public pages load the islands entry instead of React Router (decision 030). It is bundled
 * on its own (React only in the lazily loaded contact-form chunk, no React Router, none of the
 * `framework`/`site` chunks) into the client's assets when the server build starts, that is after
 * the client build emptied build/client; the server build gets its hashed URL as
 * `virtual:islands-entry`. Under `npm run dev` it is empty and every page hydrates with React Router
 * as before (the components attach the same behaviours from an effect): Vite's dev transform of
 * the form island would expect React Router's refresh preamble, which the islands bootstrap lacks.
 */
function islandsEntry(buildingServer: boolean): Plugin {
  let url = "";
  return {
    name: "islands-entry",
    async buildStart() {
      if (!buildingServer) return;
      const outdir = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
      const result = await esbuild({
        entryPoints: { islands: ISLANDS_SOURCE },
        outdir,
        bundle: true,
        splitting: true,
        format: "esm",
        target: "es2022",
        minify: true,
        jsx: "automatic",
        entryNames: "[name]-[hash]",
        chunkNames: "islands-[name]-[hash]",
        define: { "process.env.NODE_ENV": '"production"', "import.meta.env.DEV": "false" },
        legalComments: "none",
        metafile: true,
        logLevel: "warning",
      });
      const [file] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === ISLANDS_SOURCE) ?? [];
      if (!file) throw new Error(`esbuild wrote no file for ${ISLANDS_SOURCE}`);
      url = `/assets/${path.basename(file)}`;
    },
    resolveId: (id) => (id === ISLANDS_MODULE ? `\0${ISLANDS_MODULE}` : undefined),
    load: (id) => (id === `\0${ISLANDS_MODULE}` ? `export default ${JSON.stringify(url)};` : undefined),
  };
}

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), reactRouter(), islandsEntry(command === "build" && Boolean(isSsrBuild))],
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
