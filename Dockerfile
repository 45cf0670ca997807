# syntax=docker/dockerfile:1
# One app alone, named by the build argument APP (rest-api, graphql-gateway or web), in the form
# Turborepo documents for monorepos: prune the workspace to that app, install from the pruned
# lockfile, build, then a slim runtime stage holding only the packaged folder (scripts/package.mjs:
# pnpm deploy --prod). Build it from the repository root:
#   docker build --build-arg APP=rest-api -t qpc-rest-api .
#   docker build --build-arg APP=graphql-gateway -t qpc-graphql-gateway .
#   docker build --build-arg APP=web -t qpc-web .
# It needs MONGODB_URI and Clerk settings at run time (docs/deploy.md).
# tests/deploy/test/dockerfile.test.ts runs these steps outside a container for both apps: keep RUN
# lines free of absolute paths, and the global tools at the versions the repository pins.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG APP=rest-api

FROM ${NODE_IMAGE} AS base
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# npm, not corepack: corepack cannot verify pnpm's registry signatures.
RUN npm install --global pnpm@10.34.8 turbo@2.11.11

FROM base AS pruner
ARG APP
WORKDIR /repo
COPY . .
RUN turbo prune @qpc/${APP} --docker --out-dir=pruned

FROM base AS builder
ARG APP
WORKDIR /repo
# Manifests and the pruned lockfile first: this layer is reused until a dependency changes.
COPY --from=pruner /repo/pruned/json/ ./
RUN pnpm install --frozen-lockfile --prefer-offline
COPY --from=pruner /repo/pruned/full/ ./
COPY tsconfig.base.json ./
COPY scripts/ scripts/
# The gateway types its resolvers from the committed SDL, which lives in the client package.
COPY packages/client/schema.graphql packages/client/schema.graphql
RUN pnpm exec turbo run build --filter=@qpc/${APP}...
RUN node scripts/package.mjs --skip-build ${APP}

# What differs between the apps at run time: the port variable its config reads, its default, the
# health check on it and the start file. `FROM app-${APP}` below picks one; the others are never
# built.
FROM ${NODE_IMAGE} AS app-rest-api
ENV PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]

FROM ${NODE_IMAGE} AS app-graphql-gateway
ENV GRAPHQL_PORT=4000
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.GRAPHQL_PORT || 4000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]

# The web page: its built files and the server that serves them and forwards to the two apps.
FROM ${NODE_IMAGE} AS app-web
ENV WEB_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.WEB_PORT || 8080) + '/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/server.js"]

FROM app-${APP} AS runner
ARG APP
ENV NODE_ENV=production
WORKDIR /app
# Owned by root, read-only to the process: the app writes nothing but logs (stdout).
COPY --from=builder /repo/out/${APP}/ ./
# The image's unprivileged `node` user, by number so orchestrators can check it is not root.
USER 1000:1000
