import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureRow } from "./helpers/figures";
import { rawRequest } from "./helpers/raw-http";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// What this guards against: page form actions that read bodies of any size (a 100 MB urlencoded
// post to /contact/sent parsed in full), accept multipart, or run for PUT, PATCH and DELETE.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  if (server) await stopServer(server);
});

const form = new URLSearchParams({ name: "Body Limit", email: "limit@example.com", message: "A message of a normal size." }).toString();
const chunk = Buffer.alloc(64 * 1024, "a");

function head(path: string, lengthHeader: string, type = "application/x-www-form-urlencoded") {
  const host = new URL(server.url).host;
  return `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${type}\r\n${lengthHeader}\r\n\r\n`;
}

describe("body limit on every request with a body", () => {
  it("answers 413 to a declared 100 MB page form post before reading it", async () => {
    const answer = await rawRequest(server.url, head("/contact/sent", "Content-Length: 100000000"), { chunk, count: 100, everyMs: 20 });
    figureRow("declared 100 MB post to /contact/sent", {
      status: answer.status,
      ms: answer.ms,
      "KB sent before the answer": answer.bytesSent / 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(1024 * 1024);
    expect(answer.closed).toBe(true);
  });

  it("answers 413 to a chunked page form post once it passes the limit", async () => {
    const answer = await rawRequest(server.url, head("/contact/sent", "Transfer-Encoding: chunked"), {
      chunk,
      count: 100,
      everyMs: 20,
      chunked: true,
    });
    figureRow("chunked post to /contact/sent", {
      status: answer.status,
      ms: answer.ms,
      "KB sent before the answer": answer.bytesSent / 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(1024 * 1024);
  });

  it("keeps the API's limit for a declared length (the fast path)", async () => {
    const answer = await rawRequest(server.url, head("/api/contact-general", "Content-Length: 100000000", "application/json"), {
      chunk,
      count: 100,
      everyMs: 20,
    });
    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(1024 * 1024);
  });

  it("refuses multipart on page actions (415)", async () => {
    // On a bare socket: the refusal closes the connection before reading the body, and fetch could
    // see that close while its own body was still going out instead of the answer.
    const boundary = "----limit-test";
    const fields = [...new URLSearchParams(form)].map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const body = Buffer.from(`${fields.join("")}--${boundary}--\r\n`);
    const answer = await rawRequest(
      server.url,
      head("/contact/sent", `Content-Length: ${body.length}`, `multipart/form-data; boundary=${boundary}`),
      {
        chunk: body,
        count: 1,
        everyMs: 1,
      },
    );
    expect(answer.status).toBe(415);
  });

  it("still takes a normal no-JS form post", async () => {
    const res = await fetch(`${server.url}/contact/sent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Thank you");
  });
});

describe("/contact/sent methods", () => {
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    it(`answers 405 to ${method}`, async () => {
      const res = await fetch(`${server.url}/contact/sent`, {
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    });
  }

  it("GET and HEAD still show the page", async () => {
    expect((await fetch(`${server.url}/contact/sent`)).status).toBe(200);
    expect((await fetch(`${server.url}/contact/sent`, { method: "HEAD" })).status).toBe(200);
  });
});
