import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { loadSiteConfig, resolvePublicOrigin } from "./site-facts";

const dir = mkdtempSync(path.join(tmpdir(), "site-config-"));
const write = (name: string, data: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data));
  return file;
};
const example = JSON.parse(readFileSync("site.config.example.json", "utf8")) as Record<string, unknown>;

describe("SITE_CONFIG_FILE", () => {
  it("accepts the shipped example, which has no phone and no videos (a fact left out hides its line)", () => {
    const site = loadSiteConfig("site.config.example.json");
    expect(site.name).toBe("Oni Labs");
    expect(site.phone).toBeUndefined();
    expect(site.campusVideos).toEqual({});
  });

  it("reads the example's tax block with its defaults", () => {
    const { tax } = loadSiteConfig("site.config.example.json");
    expect(tax).toMatchObject({
      gstin: "29AAJCO1234K1Z8",
      state_code: "29",
      sac: "997331",
      rate_percent: 18,
      prices_include_tax: true,
      invoice_prefix: "OL",
    });
    const bare = loadSiteConfig(write("bare-tax.json", { ...example, tax: {} })).tax;
    expect(bare).toEqual({ sac: "997331", rate_percent: 18, prices_include_tax: true, invoice_prefix: "INV" });
  });

  it("refuses a GSTIN with a wrong check digit, and a GSTIN without its name, address and own state", () => {
    const tax = example.tax as Record<string, unknown>;
    expect(() => loadSiteConfig(write("bad-gstin.json", { ...example, tax: { ...tax, gstin: "29AAJCO1234K1Z9" } }))).toThrow(
      /tax\.gstin: This GSTIN's check digit does not match/,
    );
    const lone = () => loadSiteConfig(write("lone-gstin.json", { ...example, tax: { gstin: "29AAJCO1234K1Z8", state_code: "27" } }));
    expect(lone).toThrow(/tax\.legal_name: is required with a GSTIN/);
    expect(lone).toThrow(/tax\.state_code: must be the GSTIN's state \(29\)/);
  });

  it("names each wrong field and the file", () => {
    const file = write("bad.json", { ...example, email: "not an address", phone: "call us", links: { github: "ftp://x", typo: 1 } });
    const error = (() => {
      try {
        loadSiteConfig(file);
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(error).toContain(file);
    for (const field of ["email:", "phone:", "links.github:", "links:"]) expect(error).toContain(field);
  });

  it("says so when the file is missing or not JSON", () => {
    expect(() => loadSiteConfig(path.join(dir, "none.json"))).toThrow(/no such file/);
    expect(() => loadSiteConfig(write("broken.json", "{ name"))).toThrow(/broken\.json/);
  });

  it("is read by loadConfig, which stops on a bad file", () => {
    const file = write("ok.json", { ...example, phone: "+91 80 4718 2290" });
    expect(loadConfig({ SITE_CONFIG_FILE: file }).site.phone).toBe("+91 80 4718 2290");
    expect(() => loadConfig({ SITE_CONFIG_FILE: write("nameless.json", { ...example, name: "" }) })).toThrow(/name:/);
  });
});

describe("public origin", () => {
  it("is PUBLIC_ORIGIN without a trailing slash, else the listening origin", () => {
    expect(resolvePublicOrigin("https://www.example.org/", "127.0.0.1", 3000)).toBe("https://www.example.org");
    expect(resolvePublicOrigin(undefined, "127.0.0.1", 4610)).toBe("http://127.0.0.1:4610");
    expect(resolvePublicOrigin(undefined, "::1", 80)).toBe("http://[::1]:80");
    expect(loadConfig({ PUBLIC_ORIGIN: "https://www.example.org", HOST: "0.0.0.0" }).publicOrigin).toBe("https://www.example.org");
  });
});
