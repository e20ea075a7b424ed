import { describe, expect, it } from "vitest";
import { streamOf } from "../../tests/helpers/stream-of";
import { deferBootstrap, deferredHydration, islandsBootstrap } from "./deferred-hydration.server";

const run = (chunks: (string | Buffer)[]) =>
  new Response(streamOf(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipeThrough(deferredHydration())).text();

// The shape React Router 7 renders (app/root.tsx: <Scripts> in the body, preloads hoisted to the head).
const head =
  '<!DOCTYPE html><html lang="en"><head><title>Oni Labs – ünïcode</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js"/><link rel="modulepreload" href="/assets/home-D.js"/></head>';
const bootstrap =
  ';\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/public/home":route1};\n\nimport("/assets/entry.client-A.js");';
// Prerendered pages have no nonce; pages rendered per request carry the response's.
for (const opening of ['<script type="module" async="">', '<script nonce="3yQTpmgpWknZST3rCeP6yQ==" type="module" async="">']) {
  const body =
    '<body><h1>Advanced Cybersecurity – ✓</h1><script nonce="n">window.__reactRouterContext = {};</script>' +
    `${opening}${bootstrap}</script>` +
    '<script nonce="n">window.__reactRouterContext.streamController.close();</script>' +
    '<link rel="modulepreload" href="/assets/late.js"/></body></html>';
  const page = head + body;
  const bootstrapElement = new RegExp(`${opening}([\\s\\S]*?)</script>`);

  describe(`deferredHydration, ${opening}`, () => {
    it("moves the head's module preloads into the bootstrap, which waits for the painted document", async () => {
      const out = await run([page]);
      expect(out).not.toContain('<link rel="modulepreload" href="/assets/entry');
      expect(out).toContain("<title>Oni Labs – ünïcode</title></head><body><h1>Advanced Cybersecurity – ✓</h1>");
      const script = bootstrapElement.exec(out)?.[1] ?? "";
      expect(script).not.toMatch(/^\s*import /m);
      expect(script.indexOf("DOMContentLoaded")).toBeLessThan(script.indexOf("modulepreload"));
      expect(script).toContain('["/assets/entry.client-A.js","/assets/framework-B.js","/assets/root-C.js","/assets/home-D.js"]');
      expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
      expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/public/home":route1};');
      expect(script.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    });

    it("leaves every other tag as it was, including preloads after the bootstrap", async () => {
      const out = await run([page]);
      const withoutBootstrap = (html: string) => html.replace(bootstrapElement, "");
      expect(withoutBootstrap(out)).toBe(
        withoutBootstrap(page).replace(/<link rel="modulepreload" href="\/assets\/(entry|framework|root|home)[^>]*>/g, ""),
      );
      expect(out).toContain('<link rel="modulepreload" href="/assets/late.js"/></body></html>');
    });

    it("gives the same bytes however the document is cut into chunks, multi-byte characters included", async () => {
      const whole = Buffer.from(page);
      const expected = await run([page]);
      for (const size of [1, 2, 3, 7, 31, 64]) {
        const chunks: Buffer[] = [];
        for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
        expect(await run(chunks)).toBe(expected);
      }
    });
  });
}

describe("deferredHydration, other documents", () => {
  it("passes a document without hydration scripts through unchanged", async () => {
    const plain = "<html><head><title>robots</title></head><body><p>only text ✓</p></body></html>";
    expect(await run([plain.slice(0, 10), plain.slice(10)])).toBe(plain);
    expect(await run(['<p>cut <script type="mod'])).toBe('<p>cut <script type="mod');
  });
});

describe("deferBootstrap", () => {
  it("escapes '<' in URLs so the text cannot close its script element", () => {
    expect(deferBootstrap("", ["/x</script>.js"])).not.toContain("</script>");
  });

  it("leaves a bootstrap without static imports to run as written after the wait", () => {
    const out = deferBootstrap('import("/assets/entry.js");', []);
    expect(out.endsWith('import("/assets/entry.js");')).toBe(true);
    expect(out).not.toContain("Promise.all");
  });
});

describe("islandsBootstrap (decisions 030 and 070)", () => {
  it("waits for the parsed document, then imports the islands entry alone", () => {
    const script = islandsBootstrap("/assets/islands-X.js");
    expect(script.indexOf("DOMContentLoaded")).toBeGreaterThan(-1);
    expect(script.indexOf("DOMContentLoaded")).toBeLessThan(script.indexOf('import("/assets/islands-X.js")'));
    expect(script).not.toContain("entry.client");
  });
});
