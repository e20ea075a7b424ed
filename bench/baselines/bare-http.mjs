// Baseline: a bare node:http server answering every request with one response held in memory
// (the bytes and headers the app sent for the page). Argument: a JSON file {headers, bodyFile}.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const { headers, bodyFile } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const body = readFileSync(bodyFile);
const port = Number(process.env.PORT);
createServer((_req, res) => {
  res.writeHead(200, { ...headers, "Content-Length": body.length });
  res.end(body);
}).listen(port, "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
