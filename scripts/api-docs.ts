import { writeFile } from "node:fs/promises";
import { currentApiReference } from "../server/api/api-reference";

// Writes docs/api.md from the OpenAPI document the server builds (server/api/openapi.ts).
const target = new URL("../docs/api.md", import.meta.url);
await writeFile(target, await currentApiReference());
console.log(`Wrote ${target.pathname}`);
