// Puts dirx 1.0 on sale (₹1,499.00, as on a real first install) in the e2e server's fresh embedded
// database, before the server opens it. The admin API has no call that marks a version for sale yet
// (PATCH /api/admin/product-versions/:id comes with "Admin area as a daily tool"); once it is on
// main, tests/e2e/store-fixtures.ts uses it and this file can go.
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/open";

const database = await openDatabase(loadConfig(), "e2e store fixture");
try {
  await database.db.execute(sql`insert into products (id, name) values ('dirx', 'dirx') on conflict (id) do nothing`);
  await database.db.execute(sql`insert into product_versions (product_id, version, os, ram, gpu, processor, storage, network,
      amount_minor, features, external, python, for_sale)
    values ('dirx', '1.0', array['mac', 'linux'], '4 GB', 'Not required', '64-bit dual core', '150 MB', 'Internet for updates',
      149900, array['Directory brute force'], '[]'::jsonb, '[]'::jsonb, true)
    on conflict do nothing`);
} finally {
  await database.close();
}
