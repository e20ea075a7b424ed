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
# Contact posts write notifications; no SMTP_URL, so they stay in the outbox (the Outbox screen shows them).
export CONTACT_NOTIFY_TO="${CONTACT_NOTIFY_TO:-e2e-notify@example.com}"
npx tsx server/cli/admin.ts create --email "$ADMIN_EMAIL"
exec node "${BUILD_DIR:-build}/server.js"
