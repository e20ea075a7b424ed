import { SMTPServer } from "smtp-server";

/** One mail as the relay received it: envelope and the raw RFC 5322 text. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpRelayOptions = {
  /** Milliseconds (at most; each mail waits a random share) between taking a mail and answering 250: a slow relay, so a sender killed in that gap never learns its mail was taken. */
  answerDelayMs?: number;
  /** Called with each accepted mail before the relay answers 250 (e.g. to store it): the sender sees "sent" only after it ran. */
  onReceived?: (mail: ReceivedMail) => void;
};

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for tests: records every mail it
 * accepts; `reject` makes it answer the DATA command with that code (e.g. 550, 451); `stop` and
 * `start` again on the same port stand for a relay that is down and comes back.
 */
export async function startSmtpRelay(port = 0, options: SmtpRelayOptions = {}) {
  const received: ReceivedMail[] = [];
  const state = { reject: 0 as number, port };
  let server: SMTPServer | undefined;

  async function start(): Promise<void> {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // Tests stop the relay while the sender holds a pooled connection: do not wait 30 s for it.
      closeTimeout: 100,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (state.reject) {
            const err = Object.assign(new Error(state.reject >= 500 ? "Mailbox unavailable" : "Try again later"), {
              responseCode: state.reject,
            });
            return callback(err);
          }
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          };
          received.push(mail);
          try {
            options.onReceived?.(mail);
          } catch (err) {
            return callback(err instanceof Error ? err : new Error(String(err)));
          }
          if (options.answerDelayMs) setTimeout(() => callback(), Math.random() * options.answerDelayMs);
          else callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(state.port, "127.0.0.1", () => {
        server!.off("error", reject);
        resolve();
      });
    });
    // A sender killed in the middle of a mail resets its socket (ECONNRESET). smtp-server emits
    // that as the server's 'error'; with no listener the EventEmitter throws it as an uncaught
    // exception, which fails the whole test run. A real relay logs and carries on: so does this one.
    server.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.warn(`smtp relay: ${err.message}`);
    });
    const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
    state.port = address.port;
  }

  async function stop(): Promise<void> {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    received,
    get port() {
      return state.port;
    },
    get url() {
      return `smtp://127.0.0.1:${state.port}`;
    },
    /** 0 accepts; a 4xx/5xx code refuses every mail with that code. */
    rejectWith(code: number) {
      state.reject = code;
    },
    start,
    stop,
  };
}

export type SmtpRelay = Awaited<ReturnType<typeof startSmtpRelay>>;

/** The value of header `name` in a raw mail (unfolded), or undefined. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * Polls `progress` until `done` is true, failing only when `progress` (a count that grows while
 * work is being done, e.g. mails received) has not grown for `stallMs`, or after `capMs` in all.
 * For a backlog whose size depends on the machine's speed: the claim is that it drains, not how fast.
 */
export async function waitForDrain(
  progress: () => number,
  done: () => boolean | Promise<boolean>,
  { stallMs, capMs, what }: { stallMs: number; capMs: number; what: string },
): Promise<void> {
  const start = Date.now();
  let last = progress();
  let lastChange = start;
  while (!(await done())) {
    const now = Date.now();
    const current = progress();
    if (current !== last) {
      last = current;
      lastChange = now;
    }
    if (now - lastChange > stallMs) throw new Error(`no progress for ${stallMs / 1000} s waiting for ${what}`);
    if (now - start > capMs) throw new Error(`timed out after ${capMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `check` until it returns true or `ms` pass. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
