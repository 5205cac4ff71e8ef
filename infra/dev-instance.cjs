/**
 * A private instance of the platform for one developer or one task, beside `npm start`:
 *   node infra/dev-instance.cjs <name> <port>
 * Own database (clima_dev_<name>, seeded with demo data), own Redis key prefix, own ports
 * (<port> for the gateway, <port>+1… for the services). WEB_SHELL_DIR / WEB_ADMIN_DIR choose the web
 * builds it serves (default: web-shell/dist and web-admin/dist). Ctrl-C stops it.
 */
'use strict';
const path = require('node:path');
const { startPlatform, SERVICES, ROOT, log } = require('./platform.cjs');

async function main() {
  const [name, portArg] = process.argv.slice(2);
  if (!name || !/^[a-z0-9_]+$/.test(name) || !portArg) throw new Error('uso: node infra/dev-instance.cjs <nome> <porta>');
  const port = Number(portArg);
  const env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/clima_dev_${name}`,
    KEY_PREFIX: `dev_${name}`,
    GATEWAY_PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    GATEWAY_RUNTIME_DIR: path.join(ROOT, '.runtime', `gateway-dev-${name}`),
    STORAGE_DIR: path.join(ROOT, '.data', `storage-dev-${name}`),
    ADMIN_USERNAME: process.env.ADMIN_USERNAME ?? 'admin',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'admin-dev-local',
  };
  SERVICES.forEach((s, i) => (env[`${s.toUpperCase()}_PORT`] = String(port + 1 + i)));
  const p = await startPlatform({ env, install: false, build: process.argv.includes('--build') });
  log(`instância ${name}: ${p.url}  (admin: ${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD}; logs em ${path.relative(ROOT, p.logDir)})`);
  const stop = async () => {
    await p.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  process.stderr.write(`[clima] ${err.message}\n`);
  process.exit(1);
});
