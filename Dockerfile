# pimbox server image. The whole tree is copied and .dockerignore says what stays out, so a new
# folder cannot be forgotten. better-sqlite3 is built from source (no prebuilt binaries are
# fetched). tests/docker/image.test.ts stages and builds this context the way this file says.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# npm ci installs what the lock file pins and builds dist/ (the prepare script); then the dev
# dependencies (TypeScript, test tools) go.
RUN npm ci
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production
# Episodes are journalled in /state (mount a volume there) and restored when the container
# restarts. Set PIMBOX_TOKEN to require a token (agents get per-episode credentials).
RUN mkdir -p /state && chown node:node /state
VOLUME /state
USER node
EXPOSE 8787
# Inside a container the server must listen beyond loopback.
CMD ["node", "dist/cli/main.js", "serve", "--host", "0.0.0.0", "--port", "8787", "--state-dir", "/state"]
