#!/usr/bin/env bash
# `npm run db:restore -- file`: restores a `db:backup` file into DATABASE_URL, which should be a new,
# empty database (create it first: `createdb gather_restored`). Everything or nothing: one
# transaction, stopping at the first error. Start the app on it afterwards; migrations newer than
# the backup run then.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the (empty) database to restore into}"
file="${1:?usage: npm run db:restore -- <backup file>}"
bin="${PG_BIN:+$PG_BIN/}"
"${bin}pg_restore" --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$file"
echo "restored $file"
