import { describe, expect, it } from "vitest";
import { returnPath } from "./account-session.server";

describe("the sign-in's return path", () => {
  it("is only a quest's page of this site", () => {
    expect(returnPath("/quests/12")).toBe("/quests/12");
    for (const bad of ["//evil.example/quests/1", "https://evil.example/", "/quests/1/../../admin", "/account", "/quests/x", "", null, undefined])
      expect(returnPath(bad)).toBe("");
  });
});
