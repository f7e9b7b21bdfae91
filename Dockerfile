# syntax=docker/dockerfile:1
# Production image: `docker build -t portal .` then
#   docker run -p 3000:3000 -v portal-data:/app/data portal                       (embedded PGlite, empty)
#   docker run -p 3000:3000 -e SEED_DEMO=yes portal                               (with demo content)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e SESSION_SECRET=... portal
# The image's own Node 24 runs the TypeScript server directly (type stripping); the `node`
# devDependency that supplies Node 24 to npm scripts in development is not installed here.
ARG NODE_IMAGE=node:24-slim

# --- all dependencies, for the build --------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no dependency needs its install script (sharp and argon2 ship prebuilt
# binaries); the one that has one, `node`, would download a second Node. Its bin shim is
# removed so that npm scripts use the image's Node.
# npm ci refuses a lock file that lacks entries for optional platform packages (a registry
# mirror without them writes such a lock); npm install --no-save then installs the same
# versions anyway.
RUN { npm ci --ignore-scripts --no-audit --no-fund \
      || { echo "WARNING: npm ci refused package-lock.json, using npm install --no-save" >&2; \
           npm install --no-save --ignore-scripts --no-audit --no-fund; }; } \
 && rm -rf node_modules/node node_modules/.bin/node

# --- client and server bundles ----------------------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# --- production dependencies only -------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN { npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      || { echo "WARNING: npm ci refused package-lock.json, using npm install --no-save" >&2; \
           npm install --omit=dev --no-save --ignore-scripts --no-audit --no-fund; }; } \
 && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# SEED_DEMO=no: a deployment never gets the demo accounts; `-e SEED_DEMO=yes` for a demo.
ENV NODE_ENV=production \
    SEED_DEMO=no \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# server/ and scripts/ run as TypeScript and import db/, migrations/ and app/modules/.
COPY --chown=root:root package.json ./
COPY --chown=root:root server ./server
COPY --chown=root:root scripts ./scripts
COPY --chown=root:root db ./db
COPY --chown=root:root migrations ./migrations
COPY --chown=root:root app ./app
# The code stays owned by root (read-only for the app); only the data directory is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
# First start migrates (and with SEED_DEMO=yes seeds demo content): allow time.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as PID 1: the server handles SIGTERM/SIGINT itself (graceful shutdown). scripts/serve.ts
# is server/main.ts with the demo seed of a first start (only with SEED_DEMO=yes here).
CMD ["node", "scripts/serve.ts"]
