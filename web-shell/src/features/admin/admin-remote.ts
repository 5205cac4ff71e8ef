import { createInstance } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as Router from '@clima/router';

/** Where the gateway serves the admin remote (same origin, never a hard-coded host). */
const ADMIN_REMOTE_ENTRY = '/admin-remote/remoteEntry.js';

/** The version @clima/router is shared under (its package.json). */
const ROUTER_VERSION = '1.0.0';

const singleton = (version: string, lib: object) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: `^${version}` },
});

/**
 * The module federation host, started only when /admin is opened: the shell's first load carries no
 * federation runtime. It lends the admin remote (web-admin, `clima_admin`) the shell's own React,
 * ReactDOM and router as singletons — the panel renders inside the shell's router, so these must be the
 * very modules the shell runs. Nothing else is shared: the panel brings its own query cache and library.
 * web-admin/vite.config.ts lists the same singletons.
 */
const federation = createInstance({
  name: 'clima_shell',
  remotes: [{ name: 'clima_admin', alias: 'clima_admin', entry: ADMIN_REMOTE_ENTRY, type: 'module', entryGlobalName: 'clima_admin', shareScope: 'default' }],
  shared: {
    react: singleton(React.version, React),
    'react/jsx-runtime': singleton(React.version, ReactJsxRuntime),
    'react-dom': singleton(ReactDom.version, ReactDom),
    'react-dom/client': singleton(ReactDom.version, ReactDomClient),
    '@clima/router': singleton(ROUTER_VERSION, Router),
  },
  shareStrategy: 'loaded-first',
});

/** The whole admin panel, the remote's one exposed module. */
export async function loadAdminApp(): Promise<{ default: ComponentType }> {
  const remote = await federation.loadRemote<{ default: ComponentType }>('clima_admin/AdminApp');
  if (!remote?.default) throw new Error(`clima_admin/AdminApp: ${ADMIN_REMOTE_ENTRY}`);
  return remote;
}
