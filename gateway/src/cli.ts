import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GATEWAY_TOKEN_RE, GATEWAY_TOKEN_RULE, SERVICE_NAMES, SERVICES, ServiceName } from '@clima/common';
import { GatewayOptions, identityTokenFile, identityTokenLine, renderApiProxy, renderNginx, renderSecurityHeaders } from './render';

/**
 * Writes the gateway's nginx configuration into a folder (default .runtime/nginx) from the environment:
 * GATEWAY_PORT, <SERVICE>_UPSTREAMS (comma-separated host:port replicas; default 127.0.0.1:<SERVICE>_PORT),
 * WEB_SHELL_DIR, WEB_ADMIN_DIR, STORAGE_DIR, TRUSTED_PROXIES (comma-separated addresses or CIDR ranges),
 * PUBLIC_URL, GATEWAY_DEBUG_HEADERS, GATEWAY_ACCESS_LOG, GATEWAY_TOKEN (the secret sent to auth with the identity check;
 * without it the file nginx includes for it is not written, and nginx does not start until it exists). GATEWAY_TARGET=k8s writes the Kubernetes
 * configuration instead (kubernetesOptionsFromEnv).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv, root: string): GatewayOptions {
  const gatewayToken = env.GATEWAY_TOKEN?.trim() || undefined;
  if (gatewayToken && !GATEWAY_TOKEN_RE.test(gatewayToken)) throw new Error(`GATEWAY_TOKEN: ${GATEWAY_TOKEN_RULE}`);
  const runtimeDir = resolve(env.GATEWAY_RUNTIME_DIR ?? `${root}/.runtime/nginx`);
  const upstreams = {} as Record<ServiceName, string[]>;
  for (const s of SERVICE_NAMES) {
    const list = env[`${s.toUpperCase()}_UPSTREAMS`];
    const port = env[`${s.toUpperCase()}_PORT`] ?? String(SERVICES[s].port);
    upstreams[s] = list ? list.split(',').map((x) => x.trim()).filter(Boolean) : [`127.0.0.1:${port}`];
  }
  return {
    port: Number(env.GATEWAY_PORT ?? 8080),
    runtimeDir,
    webShellDir: resolve(env.WEB_SHELL_DIR ?? `${root}/web-shell/dist`),
    webAdminDir: resolve(env.WEB_ADMIN_DIR ?? `${root}/web-admin/dist`),
    storageDir: resolve(env.STORAGE_DIR ?? `${root}/.data/storage`),
    upstreams,
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => {
        if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(x)) throw new Error(`TRUSTED_PROXIES: endereço inválido: ${x}`);
        return x;
      }),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.GATEWAY_PORT ?? 8080}`,
    debugHeaders: ['1', 'true', 'yes'].includes(env.GATEWAY_DEBUG_HEADERS ?? ''),
    gatewayToken,
    accessLog: env.GATEWAY_ACCESS_LOG ?? `${runtimeDir}/access.log`,
    errorLog: env.GATEWAY_ERROR_LOG ?? `${runtimeDir}/error.log`,
    user: env.GATEWAY_USER || undefined,
    workerProcesses: env.GATEWAY_WORKERS,
  };
}

/**
 * Where the gateway reaches each service on Kubernetes (infra/k8s): the Service of that name, on the
 * service's port. The pod's DNS search path resolves the short name to the Service's address in the
 * gateway's own namespace, and kube-proxy spreads the connections over the service's ready pods, so
 * replicas come and go (HPA, rollouts) without reloading nginx.
 */
export function kubernetesUpstreams(): Record<ServiceName, string[]> {
  return Object.fromEntries(SERVICE_NAMES.map((s) => [s, [`${s}:${SERVICES[s].port}`]])) as Record<ServiceName, string[]>;
}

/**
 * The gateway's configuration for Kubernetes (GATEWAY_TARGET=k8s): the same route table and edge as
 * optionsFromEnv, with the services at their Service names (kubernetesUpstreams, never <SERVICE>_UPSTREAMS),
 * and nginx started as an unprivileged user on a read-only root filesystem: no `user` directive, pid and
 * temporary files in GATEWAY_TEMP_DIR (default /tmp, an emptyDir), logs on the container's stdout and
 * stderr (what `kubectl logs` shows), GATEWAY_WORKERS worker processes (default 2: `auto` would count the node's cores, not the pod's limit).
 */
export function kubernetesOptionsFromEnv(env: NodeJS.ProcessEnv, root: string): GatewayOptions {
  return {
    ...optionsFromEnv(env, root),
    upstreams: kubernetesUpstreams(),
    tempDir: env.GATEWAY_TEMP_DIR ?? '/tmp',
    accessLog: env.GATEWAY_ACCESS_LOG ?? '/dev/stdout',
    // nginx's own name for its standard error: no file to open
    errorLog: env.GATEWAY_ERROR_LOG ?? 'stderr',
    user: undefined,
    workerProcesses: env.GATEWAY_WORKERS ?? '2',
  };
}

export function writeGatewayConfig(o: GatewayOptions): string {
  // nginx makes its temporary folders itself at start; here only where they live beside the configuration
  const temp = o.tempDir ? [] : ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const d of ['', ...temp]) mkdirSync(`${o.runtimeDir}/${d}`, { recursive: true });
  writeFileSync(`${o.runtimeDir}/nginx.conf`, renderNginx(o));
  writeFileSync(`${o.runtimeDir}/api_proxy.conf`, renderApiProxy(o));
  writeFileSync(`${o.runtimeDir}/security_headers.conf`, renderSecurityHeaders(o));
  if (o.gatewayToken) {
    mkdirSync(o.tempDir ?? o.runtimeDir, { recursive: true });
    writeFileSync(identityTokenFile(o), identityTokenLine(o.gatewayToken), { mode: 0o600 });
  }
  return `${o.runtimeDir}/nginx.conf`;
}

if (require.main === module) {
  const root = resolve(__dirname, '../..');
  const options = process.env.GATEWAY_TARGET === 'k8s' ? kubernetesOptionsFromEnv(process.env, root) : optionsFromEnv(process.env, root);
  const file = writeGatewayConfig(options);
  process.stdout.write(`${file}\n`);
}
