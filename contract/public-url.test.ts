import { describe, expect, it } from "vitest";
import { publicUrlProblem } from "./public-url";

describe("publicUrlProblem", () => {
  it("takes https on a public host name", () => {
    for (const url of ["https://cdn.example.com/dirx.msi", "https://github.com/o/r/releases/download/v1/x.tgz", "https://EXAMPLE.org./x"])
      expect(publicUrlProblem(url), url).toBeNull();
  });

  it("refuses http, IP literals in any spelling, localhost and private names, single labels and credentials", () => {
    const refused = {
      "http://cdn.example.com/x": "The URL must start with https://.",
      "ftp://cdn.example.com/x": "The URL must start with https://.",
      "https://10.0.0.1/x": "Use a host name, not an IP address.",
      "https://0x7f.1/x": "Use a host name, not an IP address.",
      "https://2130706433/x": "Use a host name, not an IP address.",
      "https://[::1]/x": "Use a host name, not an IP address.",
      "https://[::ffff:127.0.0.1]/x": "Use a host name, not an IP address.",
      "https://localhost/x": "Use a public host name, not a local one.",
      "https://LocalHost./x": "Use a public host name, not a local one.",
      "https://api.localhost/x": "Use a public host name, not a local one.",
      "https://nas.local/x": "Use a public host name, not a local one.",
      "https://intranet/x": "Use a full public host name (with a dot), e.g. downloads.example.com.",
      "https://user:pw@cdn.example.com/x": "Leave the user name and password out of the URL.",
      "not a url": "Give a full https:// URL.",
    };
    for (const [url, problem] of Object.entries(refused)) expect(publicUrlProblem(url), url).toBe(problem);
  });
});
