#!/usr/bin/env bash
# `npm run db:backup -- [file]`: a consistent snapshot of the shop's database in pg_dump's custom
# format (compressed; restore with `npm run db:restore -- file`). The database is DATABASE_URL;
# pg_dump must be at least the server's major version (PG_BIN picks another folder of client tools).
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
file="${1:-gather-$(date -u +%Y%m%dT%H%M%SZ).dump}"
bin="${PG_BIN:+$PG_BIN/}"
"${bin}pg_dump" --format=custom --no-owner --no-privileges --file="$file" --dbname="$DATABASE_URL"
echo "backed up to $file ($(du -h "$file" | cut -f1))"
