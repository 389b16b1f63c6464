# syntax=docker/dockerfile:1
# The site as one image (README "Deploying"; docker-compose.yml runs several of it behind nginx).
#   docker build -t manganova .
#   docker run -e DATABASE_URL=… -e AUTH_SECRET=… -e SITE_URL=… -p 3000:3000 manganova
# Stages: deps (every package, from the lock file) → build (next build) → prod-deps (runtime packages only) →
# runtime (the build, the sources the custom server runs through tsx, the runtime packages; non-root).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The production build (type-checked); its cache is not needed to serve.
RUN NODE_ENV=production node node_modules/next/dist/bin/next build && rm -rf .next/cache

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json next.config.ts tsconfig.json proxy.ts ./
COPY app ./app
COPY components ./components
COPY content ./content
COPY db ./db
COPY i18n ./i18n
COPY lib ./lib
COPY messages ./messages
COPY public ./public
# Only the scripts the image runs (start, migrations, the demo seed, the first root, the bucket move, backups): the
# benchmarks and test tools import dev dependencies the image does not hold.
COPY scripts/start.ts scripts/migrate.ts scripts/seed.ts scripts/create-root.ts scripts/media-to-bucket.ts ./scripts/
COPY scripts/seed ./scripts/seed
COPY scripts/backup ./scripts/backup
COPY server ./server
COPY types ./types
# Next writes regenerated pages under .next at run time, and the embedded database (no DATABASE_URL) lives in data/.
COPY --from=build --chown=node:node /app/.next ./.next
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# Liveness (docs/decisions/026): the process answers. Not the database: an outage must not get healthy containers
# restarted (docker-compose.yml gates nginx on readiness, /api/health/ready, instead).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without npm in between (signals reach the server, which drains and closes sockets with 1001): the
# build is already in .next, so scripts/start.ts goes straight to migrations and serving.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
