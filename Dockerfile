# One image for every service: `docker build --build-arg SERVICE=catalog .`
# (docker-compose.yml builds it once per service).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages packages
COPY services services
COPY gateway gateway
COPY infra infra
RUN npm install --no-audit --no-fund \
 && npx tsc -b packages/contract packages/common $(ls -d packages/storage 2>/dev/null) gateway $(for s in services/*; do [ -f "$s/tsconfig.json" ] && echo "$s"; done) \
 && npm prune --omit=dev

FROM node:22-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE_NAME=${SERVICE}
WORKDIR /app
COPY --from=build /app /app
USER node
# migrations run under an advisory lock, so replicas may start together
CMD ["sh", "-c", "node services/$SERVICE_NAME/dist/migrate.js && { [ ! -f services/$SERVICE_NAME/dist/seed.js ] || node services/$SERVICE_NAME/dist/seed.js; } && exec node services/$SERVICE_NAME/dist/main.js"]
