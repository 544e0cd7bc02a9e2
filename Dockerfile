# pimbox server image: builds better-sqlite3 from source (no prebuilt binaries are fetched).
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY cli cli
COPY db db
COPY episode episode
COPY milestones milestones
COPY scenarios scenarios
COPY server server
COPY run run
COPY tools tools
COPY bench bench
COPY tests tests
RUN npm ci && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production
EXPOSE 8787
# Inside a container the server must listen beyond loopback; set PIMBOX_TOKEN to require a token.
CMD ["node", "dist/cli/main.js", "serve", "--host", "0.0.0.0", "--port", "8787"]
