/**
 * `npm start`: the whole platform on this machine at http://localhost:8080. Ctrl-C stops everything.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { startPlatform, ROOT, log } = require('./platform.cjs');

const CREDENTIALS_FILE = path.join(ROOT, '.data/admin-credentials.json');

/** The generated first-admin password is shown when created and kept (mode 600, local use only) to show again. */
function adminCredentials(fromSeed) {
  if (fromSeed && fromSeed.created && fromSeed.adminPassword) {
    fs.mkdirSync(path.dirname(CREDENTIALS_FILE), { recursive: true });
    fs.writeFileSync(CREDENTIALS_FILE, JSON.stringify({ username: fromSeed.adminUsername, password: fromSeed.adminPassword }), { mode: 0o600 });
  }
  if (process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD) return { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD };
  if (fs.existsSync(CREDENTIALS_FILE)) return JSON.parse(fs.readFileSync(CREDENTIALS_FILE, 'utf8'));
  return fromSeed ? { username: fromSeed.adminUsername, password: '(definida em ADMIN_PASSWORD ou na primeira execução)' } : null;
}

async function main() {
  const started = Date.now();
  const platform = await startPlatform();
  const creds = adminCredentials(platform.credentials);
  const line = '─'.repeat(60);
  process.stdout.write(
    `\n${line}\n  Clima Pro no ar: ${platform.url}\n  Painel administrativo: ${platform.url}/admin\n` +
      (creds ? `  Administrador: usuário "${creds.username}"  senha "${creds.password}"\n` : '') +
      (platform.mail.webUrl ? `  E-mails enviados (MailDev): ${platform.mail.webUrl}  (SMTP ${platform.mail.smtpUrl})\n` : `  E-mails: ${platform.mail.smtpUrl}\n`) +
      `  Serviços: ${platform.services.join(', ')} (logs em ${path.relative(ROOT, platform.logDir)})\n` +
      `  Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C para parar.\n${line}\n`,
  );
  const shutdown = async () => {
    log('Parando...');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(`[clima] ${err.message}\n`);
  process.exit(1);
});
