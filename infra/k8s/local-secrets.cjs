/**
 * Throwaway Secrets for the local overlay — LOCAL USE ONLY (a laptop cluster: kind, k3d, minikube):
 *
 *   node infra/k8s/local-secrets.cjs | kubectl apply -f -
 *
 * Prints the Secrets the manifests of infra/k8s/overlays/local read (clima-platform, clima-auth,
 * clima-storage, clima-local-postgres) with random passwords, a metrics token and a new identity key
 * pair. They are made once and kept in .data/k8s-local-secrets.json (mode 600, never committed), so
 * running it again prints the same values: the local PostgreSQL keeps the password it was created with.
 * The administrator's credentials go to stderr. Production never uses this: README, Running on Kubernetes.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { newIdentityKeys, ROOT } = require('../platform.cjs');

const FILE = process.env.CLIMA_K8S_LOCAL_SECRETS ?? path.join(ROOT, '.data/k8s-local-secrets.json');
const NAMESPACE = 'clima';

/** Letters and digits only: these go into URLs. */
const password = () => randomBytes(18).toString('hex');

function values() {
  try {
    const kept = JSON.parse(fs.readFileSync(FILE, 'utf8'));
    // values kept before the gateway token existed get one, kept like the others
    if (!kept.gatewayToken) {
      kept.gatewayToken = randomBytes(24).toString('hex');
      fs.writeFileSync(FILE, JSON.stringify(kept, null, 2), { mode: 0o600 });
    }
    return kept;
  } catch {
    const keys = newIdentityKeys();
    const made = {
      postgresPassword: password(),
      minioUser: `clima${randomBytes(3).toString('hex')}`,
      minioPassword: password(),
      adminPassword: password(),
      metricsToken: randomBytes(24).toString('hex'),
      gatewayToken: randomBytes(24).toString('hex'),
      ...keys,
    };
    fs.mkdirSync(path.dirname(FILE), { recursive: true });
    fs.writeFileSync(FILE, JSON.stringify(made, null, 2), { mode: 0o600 });
    return made;
  }
}

/** The Secrets, by name: every key the local overlay's manifests read. */
function localSecrets(v) {
  return {
    'clima-platform': {
      DATABASE_URL: `postgres://clima:${v.postgresPassword}@postgres:5432/clima`,
      REDIS_URL: 'redis://redis:6379',
      METRICS_TOKEN: v.metricsToken,
      IDENTITY_PUBLIC_KEYS: v.IDENTITY_PUBLIC_KEYS,
    },
    'clima-auth': {
      IDENTITY_PRIVATE_KEY: v.IDENTITY_PRIVATE_KEY,
      GATEWAY_TOKEN: v.gatewayToken,
      SMTP_URL: 'smtp://maildev:1025',
      ADMIN_PASSWORD: v.adminPassword,
    },
    'clima-storage': { S3_ACCESS_KEY_ID: v.minioUser, S3_SECRET_ACCESS_KEY: v.minioPassword },
    'clima-local-postgres': { POSTGRES_PASSWORD: v.postgresPassword },
  };
}

/** YAML with every value as a double-quoted scalar (JSON's string syntax is YAML's). */
function toYaml(secrets) {
  return Object.entries(secrets)
    .map(([name, data]) =>
      [
        'apiVersion: v1',
        'kind: Secret',
        'metadata:',
        `  name: ${name}`,
        `  namespace: ${NAMESPACE}`,
        '  labels:',
        '    app.kubernetes.io/part-of: clima',
        '  annotations:',
        '    clima/purpose: "local use only: throwaway values made by infra/k8s/local-secrets.cjs"',
        'type: Opaque',
        'stringData:',
        ...Object.entries(data).map(([k, val]) => `  ${k}: ${JSON.stringify(val)}`),
      ].join('\n'),
    )
    .join('\n---\n')
    .concat('\n');
}

const v = values();
process.stdout.write(toYaml(localSecrets(v)));
process.stderr.write(`Local use only. Administrator: admin / ${v.adminPassword} (kept in ${path.relative(process.cwd(), FILE)})\n`);
