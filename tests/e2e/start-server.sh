#!/usr/bin/env bash
# Starts the production build for the end-to-end tests on a fresh embedded database,
# with an admin created through the real CLI (npm run admin).
set -euo pipefail
export DATA_DIR="$(mktemp -d)/data"
export PORT="${E2E_PORT:-3210}" HOST=127.0.0.1 NODE_ENV=production LOG_REQUESTS=false
export CONTACT_RATE_LIMIT="${CONTACT_RATE_LIMIT:-1000}"
# The store specs check coupons as they are typed and buy in both projects within a minute.
export CHECKOUT_RATE_LIMIT="${CHECKOUT_RATE_LIMIT:-1000}"
# Every spec signs in from 127.0.0.1 (the identity specs many times): 10 a minute is the production
# default, not a limit of what one test run may do. The per-account lockout still applies.
export LOGIN_RATE_LIMIT="${LOGIN_RATE_LIMIT:-1000}"
# Contact posts write notifications, sent like every other mail to the catcher below.
export CONTACT_NOTIFY_TO="${CONTACT_NOTIFY_TO:-e2e-notify@example.com}"

# A real SMTP relay (tests/e2e/mail-catcher.ts) that stores each mail as a file in E2E_MAIL_DIR, where
# the specs read the one-time links the Outbox hides. Stopped with this script.
export E2E_MAIL_PORT="${E2E_MAIL_PORT:-$((PORT + 50))}"
export E2E_MAIL_DIR="${E2E_MAIL_DIR:-$(dirname "$DATA_DIR")/mail}"
mkdir -p "$E2E_MAIL_DIR"
find "$E2E_MAIL_DIR" -maxdepth 1 -type f \( -name '*.eml' -o -name '.*.part' \) -delete
export SMTP_URL="smtp://127.0.0.1:${E2E_MAIL_PORT}"
catcher="" server=""
stop_all() {
  [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$catcher" ] && kill -TERM "$catcher" 2>/dev/null && wait "$catcher" 2>/dev/null
  return 0
}
trap stop_all EXIT
trap 'exit 143' TERM INT
node --import tsx tests/e2e/mail-catcher.ts &
catcher=$!
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${E2E_MAIL_PORT}") 2>/dev/null; then break; fi
  kill -0 "$catcher" 2>/dev/null || { echo "mail-catcher did not start" >&2; exit 1; }
  sleep 0.2
done

npx tsx server/cli/admin.ts create --email "$ADMIN_EMAIL" --new-database
node "${BUILD_DIR:-build}/server.js" &
server=$!
wait "$server"
