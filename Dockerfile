# syntax=docker/dockerfile:1
# Start Books: a production image (docs/deploy/README.md).
#   docker build -t start-books .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e AUTH_SECRET=… -e EMAIL_SERVER=smtp://… start-books

# ---- build: the whole project, dev dependencies included --------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file holds every platform's native packages (src/lockfile.test.ts), so `npm ci`
# installs exactly what it locks.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- run: the build output and the migrations, nothing else -------------------
FROM node:24-bookworm-slim AS run
# MALLOC_ARENA_MAX, NODE_OPTIONS and --max-semi-space-size: src/server/process/production-runtime.ts.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-old-space-size=256
WORKDIR /app
COPY --from=build /app/.output ./.output
COPY --from=build /app/drizzle ./drizzle
# The embedded database's folder, for a run without DATABASE_URL (one container only).
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 3000
# Readiness: 503 while starting, without its database or its migrations, and while draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful shutdown, SHUTDOWN_TIMEOUT); it starts no child processes.
# Not `npm start`: npm would be the process the runtime stops, and killing it leaves node running.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", ".output/server/index.mjs"]
