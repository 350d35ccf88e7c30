# One image for the app, the worker, the admin CLI and migrations, built once and shipped
# as one artifact (every instance then shares the build's Server Action ids and key).
#   app:        node server.js                       (the default command; same flags as npm start)
#   worker:     node --import tsx scripts/worker.ts
#   migrations: node_modules/.bin/tsx scripts/db-migrate.ts
#   admin CLI:  node_modules/.bin/tsx scripts/admin.ts <command>
# Build: docker build -t access-requests .    (see compose.yaml and the README)
# The test suite does not build this image (it runs where there is no container engine):
# test/ops/container-files.test.ts checks these files, and test/process/ runs the same
# standalone layout as processes, including two instances of one build serving one user's
# Server Actions in turn. Build the image before a release.

# --- production dependencies only (no install scripts: the Prisma client comes from the build stage)
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# --- the build: all dependencies, the Prisma client, the standalone Next.js server
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
# the SDK is a workspace: without its package.json npm ci leaves out its dependencies
COPY sdk/package.json ./sdk/
RUN npm ci --no-audit --no-fund
COPY . .
# the SDK tarball the app serves at /sdk/ (public/sdk/), the client pages' stylesheet
# (public/client/client.css), then the server
RUN node scripts/pack-sdk.mjs && node scripts/client-css.mjs && npx next build

# --- the runtime: non-root, production dependencies, the standalone server and the sources
# the worker, admin CLI and migration runner run from (through tsx)
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=true \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
RUN groupadd --system --gid 1001 app \
 && useradd --system --uid 1001 --gid app --home-dir /app --shell /usr/sbin/nologin app \
 && mkdir -p /data && chown app:app /data
COPY --from=build --chown=app:app /app/.next/standalone ./
COPY --from=build --chown=app:app /app/.next/static ./.next/static
COPY --from=build --chown=app:app /app/public ./public
COPY --from=deps --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/generated ./generated
COPY --chown=app:app package.json tsconfig.json ./
COPY --chown=app:app prisma ./prisma
COPY --chown=app:app lib ./lib
COPY --chown=app:app scripts ./scripts
USER app
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--expose-gc", "--max-semi-space-size=8", "server.js"]
