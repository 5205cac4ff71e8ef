# One image per service: `docker build --build-arg SERVICE=catalog -t clima-catalog .`
# docker-compose.yml builds it once per service; infra/k8s runs the same images (README: Running on Kubernetes).
#  - manifests: every package.json, the lock file and .npmrc alone, so that the install below is reused
#    until one of them changes (a code change rebuilds only the compilation and the last layers);
#  - deps: every dependency exactly as package-lock.json pins it (npm ci), shared by every service's image
#    and the gateway's;
#  - build-packages: the shared packages compiled (one layer for all the services' images);
#  - build: this service compiled on them (a change in one service recompiles that service only);
#  - production-deps: only this service's production dependencies (npm ci --omit=dev -w services/<service>);
#  - the image: those, the compiled code, the probes of infra/k8s; runs as the unprivileged node user.
# NODE_IMAGE: the base image (the official one; infra/containers gives a locally built stand-in where no
# registry is reachable). NPM_CACHE: where npm keeps its downloads during the build (removed afterwards;
# infra/containers mounts the machine's npm cache there).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -path ./node_modules -prune -o \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print \
    | while read -r f; do mkdir -p "/manifests/$(dirname "$f")" && cp "$f" "/manifests/$f"; done

FROM ${NODE_IMAGE} AS deps
ARG NPM_CACHE=/tmp/npm-cache
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci --no-audit --no-fund --cache "$NPM_CACHE" && rm -rf /tmp/npm-cache

FROM deps AS build-packages
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/common packages/common
COPY packages/storage packages/storage
RUN npx tsc -b packages/contract packages/common packages/storage

FROM build-packages AS build
ARG SERVICE
COPY services/${SERVICE} services/${SERVICE}
RUN npx tsc -b services/${SERVICE}/tsconfig.json

FROM ${NODE_IMAGE} AS production-deps
ARG SERVICE
ARG NPM_CACHE=/tmp/npm-cache
RUN test -n "$SERVICE" || { echo 'defina --build-arg SERVICE=<auth|catalog|courses|manuals|ranking|billing>' >&2; exit 1; }
WORKDIR /app
COPY --from=manifests /manifests ./
# what only editors and compilers read (type declarations, source maps, documents) stays out of the image
RUN test -f "services/$SERVICE/package.json" \
 && npm ci --omit=dev --no-audit --no-fund --cache "$NPM_CACHE" -w "services/$SERVICE" && rm -rf /tmp/npm-cache /root/.npm \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' -o -name '*.md' -o -name '*.markdown' \) -delete \
 && rm -rf node_modules/@types

FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE_NAME=${SERVICE}
# manuals reads scanned pages by OCR: poppler draws the page, tesseract (Portuguese and English) reads it
RUN if [ "$SERVICE" = manuals ]; then \
      apt-get update && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr tesseract-ocr-por tesseract-ocr-eng \
      && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /app
# the catalog reads an uploaded video's duration with ffprobe
RUN if [ "$SERVICE" = catalog ]; then apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; fi
COPY --from=production-deps /app ./
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/packages/common/dist packages/common/dist
COPY --from=build /app/packages/storage/dist packages/storage/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
# the init container that waits for the release's migrations, and the probes (Kubernetes and below)
COPY infra/k8s/wait-for-migrations.cjs infra/k8s/health.cjs infra/k8s/
# the node user of the base image, by number (Kubernetes' runAsNonRoot checks it)
USER 1000:1000
HEALTHCHECK --interval=10s --timeout=10s --start-period=30s --retries=5 CMD ["node", "infra/k8s/health.cjs"]
# docker-compose: migrations (under an advisory lock, so replicas may start together), the seed, then the
# service. Kubernetes runs the service alone (its release's migration Job does the rest).
CMD ["sh", "-c", "node services/$SERVICE_NAME/dist/migrate.js && { [ ! -f services/$SERVICE_NAME/dist/seed.js ] || node services/$SERVICE_NAME/dist/seed.js; } && exec node services/$SERVICE_NAME/dist/main.js"]
