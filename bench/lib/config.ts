import path from "node:path";

// Everything tunable by environment, so a quick run (BENCH_DURATION=3 BENCH_ONLY=static) is one line.
const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);

export const bench = {
  buildDir: path.resolve(env.BUILD_DIR ?? "build"),
  /** Seconds per autocannon run. */
  duration: num("BENCH_DURATION", 10),
  /** Interleaved rounds per comparison; the median round counts. */
  rounds: num("BENCH_ROUNDS", 3),
  /** Rounds of a comparison judged by its ratio (licence validation against the bare server). */
  ratioRounds: num("BENCH_RATIO_ROUNDS", 5),
  port: num("BENCH_PORT", 3600),
  /** Baselines: bare node:http, nginx, plain-INSERT server. */
  barePort: num("BENCH_BARE_PORT", 3691),
  nginxPort: num("BENCH_NGINX_PORT", 3692),
  insertPort: num("BENCH_INSERT_PORT", 3693),
  /** A PostgreSQL server where the bench may create and drop databases; empty = skip PostgreSQL. */
  postgresUrl: env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  /** Order counts for the dashboard section. */
  orderSizes: (env.BENCH_ORDERS ?? "1000,100000,1000000").split(",").map(Number),
  /**
   * Coupons and orders each for the admin-lists section, per database: the targets are set at a
   * million rows on PostgreSQL and a hundred thousand on the embedded database (a small install's).
   * BENCH_ADMIN_LIST_ROWS sets both; BENCH_ADMIN_LIST_ROWS_PGLITE the embedded one alone.
   */
  adminListRows: {
    pglite: num("BENCH_ADMIN_LIST_ROWS_PGLITE", num("BENCH_ADMIN_LIST_ROWS", 100_000)),
    postgres: num("BENCH_ADMIN_LIST_ROWS", 1_000_000),
  },
  /** Orders in all for the account section (one customer holds 50 of them). */
  accountOrders: num("BENCH_ACCOUNT_ORDERS", 100_000),
  /** Orders in the embedded database the scale-out section copies to PostgreSQL. */
  copyOrders: num("BENCH_COPY_ORDERS", 100_000),
  /** Comma-separated sections to run (pages,front-end,lighthouse,contact,dashboard,store,licence-signature,mail,admin-lists,downloads,account,scale-out); empty = all. */
  only: env.BENCH_ONLY ? env.BENCH_ONLY.split(",") : undefined,
  chromePath: env.CHROME_PATH ?? "/usr/bin/chromium",
  /** Lighthouse runs per page: the median run gives the category scores, the worst run the performance target. */
  lighthouseRuns: num("BENCH_LIGHTHOUSE_RUNS", 5),
  /** "all": print the long tasks of every Lighthouse run, not only of those over the TBT target. */
  lighthouseTasks: env.BENCH_LIGHTHOUSE_TASKS ?? "",
};

export const wants = (section: string) => !bench.only || bench.only.includes(section);
