import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpRelay } from "../helpers/smtp-relay";

// The end-to-end server's mail relay (started by tests/e2e/start-server.sh): a real SMTP server on
// 127.0.0.1 that stores every mail it accepts, raw RFC 5322, as one file in E2E_MAIL_DIR. The specs
// read one-time links from those files (tests/e2e/mail-box.ts), since the Outbox hides them.
const dir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_MAIL_PORT);
if (!dir || !Number.isInteger(port) || port <= 0) {
  console.error("mail-catcher: E2E_MAIL_DIR and E2E_MAIL_PORT are required");
  process.exit(2);
}
mkdirSync(dir, { recursive: true });

let seq = 0;
const relay = await startSmtpRelay(port, {
  onReceived(mail) {
    // Names sort in arrival order; written then renamed, so a reader never sees half a mail.
    const name = `${Date.now()}-${String(++seq).padStart(6, "0")}.eml`;
    writeFileSync(path.join(dir, `.${name}.part`), mail.raw);
    renameSync(path.join(dir, `.${name}.part`), path.join(dir, name));
  },
});
console.log(`mail-catcher: listening on ${relay.url}, mail in ${dir}`);

for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => {
    void relay.stop().then(() => process.exit(0));
  });
