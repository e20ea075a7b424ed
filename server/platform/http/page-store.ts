import type { StaticFile } from "./static-files";

/**
 * The pages and files answered from memory, by URL path: the client build with the prerendered
 * pages (loadStaticFiles) and the public pages the page cache rendered at run time (page-cache.ts).
 * One store, so both are served, measured and dropped the same way: `drop` is the only way an
 * entry leaves.
 */
export class PageStore {
  readonly #entries: Map<string, StaticFile>;
  #cachedBytes = 0;
  #cachedPages = 0;

  constructor(files: Map<string, StaticFile> = new Map()) {
    this.#entries = files;
  }

  get(path: string): StaticFile | undefined {
    return this.#entries.get(path);
  }

  set(path: string, file: StaticFile): void {
    this.drop(path);
    this.#entries.set(path, file);
    if (file.cached) {
      this.#cachedBytes += size(file);
      this.#cachedPages++;
    }
  }

  drop(path: string): void {
    const file = this.#entries.get(path);
    if (!file) return;
    this.#entries.delete(path);
    if (file.cached) {
      this.#cachedBytes -= size(file);
      this.#cachedPages--;
    }
  }

  /** Drops every page the page cache holds for `topic`. */
  dropTopic(topic: string): void {
    for (const [path, file] of this.#entries) if (file.cached?.topics.includes(topic)) this.drop(path);
  }

  entries(): IterableIterator<[string, StaticFile]> {
    return this.#entries.entries();
  }

  /** Pages the page cache holds, and their bytes (all encodings). */
  cachedStats(): { pages: number; bytes: number } {
    return { pages: this.#cachedPages, bytes: this.#cachedBytes };
  }
}

const size = (file: StaticFile) => file.body.length + (file.gzip?.length ?? 0) + (file.brotli?.length ?? 0);
