# One image per service: `docker build --build-arg SERVICE=catalog -t clima-catalog .`
# docker-compose.yml builds it once per service; infra/k8s runs the same images (README: Running on Kubernetes).
#  - build: every dependency exactly as package-lock.json pins it (npm ci), then the service and the
#    packages it uses compiled;
#  - production-deps: only this service's production dependencies (npm ci --omit=dev -w services/<service>);
#  - the image: those, the compiled code, the probes of infra/k8s; runs as the unprivileged node user.
FROM node:22-bookworm-slim AS build
ARG SERVICE
RUN test -n "$SERVICE" || { echo 'defina --build-arg SERVICE=<auth|catalog|courses|manuals|ranking|billing>' >&2; exit 1; }
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages packages
COPY services services
# npm ci checks every workspace of the lock file against its package.json: the web apps' manifests too
COPY web-shell/package.json web-shell/package.json
COPY web-admin/package.json web-admin/package.json
RUN npm ci --no-audit --no-fund
RUN test -f "services/$SERVICE/tsconfig.json" \
 && npx tsc -b packages/contract packages/common packages/storage "services/$SERVICE"
# the manifests alone, for the next stage's install
RUN mkdir /manifests \
 && for f in package.json package-lock.json .npmrc packages/*/package.json services/*/package.json web-shell/package.json web-admin/package.json; do \
      mkdir -p "/manifests/$(dirname "$f")" && cp "$f" "/manifests/$f"; \
    done

FROM node:22-bookworm-slim AS production-deps
ARG SERVICE
WORKDIR /app
COPY --from=build /manifests ./
RUN npm ci --omit=dev --no-audit --no-fund -w "services/$SERVICE" && npm cache clean --force

FROM node:22-bookworm-slim
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
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 CMD ["node", "infra/k8s/health.cjs"]
# docker-compose: migrations (under an advisory lock, so replicas may start together), the seed, then the
# service. Kubernetes runs the service alone (its release's migration Job does the rest).
CMD ["sh", "-c", "node services/$SERVICE_NAME/dist/migrate.js && { [ ! -f services/$SERVICE_NAME/dist/seed.js ] || node services/$SERVICE_NAME/dist/seed.js; } && exec node services/$SERVICE_NAME/dist/main.js"]
