import { ASSERTION_HEADER, GATEWAY_TOKEN_HEADER, HTTP_TEXTS, SERVICE_NAMES, ServiceName } from '@clima/common';
import { LOOKUP_BURST, LOOKUP_RATE, pathRegex, Route, ROUTES } from './routes';

export interface GatewayOptions {
  /** Port nginx listens on. */
  port: number;
  /** Folder for nginx's pid, temp files, logs and caches. */
  runtimeDir: string;
  /**
   * Where the pid and temporary files go instead of runtimeDir, when the configuration lives on a read-only
   * filesystem (Kubernetes: an emptyDir at /tmp). Unset: runtimeDir.
   */
  tempDir?: string;
  /** Built web apps. */
  webShellDir: string;
  webAdminDir: string;
  /** Local-disk storage root, served only through X-Accel-Redirect (/media/). */
  storageDir: string;
  /** host:port of each replica of each service. */
  upstreams: Record<ServiceName, string[]>;
  /**
   * Addresses or CIDR ranges of the proxies in front of the gateway (a load balancer): only from these is
   * X-Forwarded-For believed for the client's address. Empty: the connection's address is the client's.
   */
  trustedProxies: string[];
  /** The site's public address: https adds HSTS. */
  publicUrl: string;
  /** Show which service answered (X-Service) — for tests and debugging, never in production. */
  debugHeaders: boolean;
  /**
   * The secret nginx sends to auth with its identity check (GATEWAY_TOKEN): only beside it does auth believe the
   * client's address. Written by writeGatewayConfig into identity_token.conf (identityTokenFile) when known;
   * an image rendered without it writes that file when the container starts.
   */
  gatewayToken?: string;
  /** Write access logs here ('off' to disable). */
  accessLog: string;
  errorLog: string;
  /** Worker user (when started as root); omit to keep nginx's default. */
  user?: string;
  workerProcesses?: string;
}

const JSON_ERRORS: Record<string, { status: number; body: string }> = {
  '@origin_refused': { status: 403, body: HTTP_TEXTS.originRefused },
  '@identity_unavailable': { status: 503, body: HTTP_TEXTS.identityUnavailable },
  '@service_unavailable': { status: 503, body: HTTP_TEXTS.unavailable },
  '@too_large': { status: 413, body: HTTP_TEXTS.contentTooLarge },
  '@too_many_requests': { status: 429, body: HTTP_TEXTS.tooManyRequests },
  '@api_not_found': { status: 404, body: HTTP_TEXTS.routeNotFound },
};

/** A file the gateway serves itself that does not exist (a missing chunk, an unknown path under /assets/). */
const NOT_FOUND = HTTP_TEXTS.notFound;

/**
 * The body of a location that answers JSON itself: whatever the path's extension (…/x.pdf), JSON; with
 * the security headers, the request id and no caching, like every other answer.
 */
function jsonAnswer(status: number, error: string, indent: string, extra: string[] = []): string {
  return [
    'types { }',
    'default_type application/json;',
    'add_header X-Request-Id $request_id always;',
    'add_header Cache-Control "no-store" always;',
    ...extra,
    'include security_headers.conf;',
    `return ${status} '${JSON.stringify({ error })}';`,
  ]
    .map((l) => `${indent}${l}`)
    .join('\n');
}

/** Answer of the requests nginx refuses before any location (broken path, too long); served from a URI, not a named location. */
const BAD_REQUEST = HTTP_TEXTS.badRequest;

const MIME = `types {
    text/html html htm;
    text/css css;
    application/javascript js mjs;
    application/json json map;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/webp webp;
    image/x-icon ico;
    font/woff2 woff2;
    font/woff woff;
    text/plain txt;
    application/pdf pdf;
    video/mp4 mp4 m4v;
    video/webm webm;
    video/quicktime mov;
    application/manifest+json webmanifest;
  }`;

export const SECURITY_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self' https://js.stripe.com https://www.youtube.com https://player.vimeo.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
      "media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self' https://api.stripe.com; " +
      "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://js.stripe.com https://checkout.stripe.com; " +
      "object-src 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com https://billing.stripe.com; frame-ancestors 'self'",
  ],
] as const;

/** The file with the gateway token's header line, included by the identity check (beside the pid: writable at start). */
export function identityTokenFile(o: Pick<GatewayOptions, 'runtimeDir' | 'tempDir'>): string {
  return `${o.tempDir ?? o.runtimeDir}/identity_token.conf`;
}

/** The line identity_token.conf holds. */
export function identityTokenLine(token: string): string {
  return `proxy_set_header ${GATEWAY_TOKEN_HEADER} "${token}";\n`;
}

/**
 * How long nginx waits for a service's answer on an ordinary (not streamed) /api route, in seconds. Every service
 * bounds its own waits below it (PostgreSQL's connection 10 s, the RPCs 1.5 s, an LGPD export's 10 s), so only a
 * replica that stopped answering reaches it: one frozen (a stopped or stalled process, a container paused) or one
 * whose connection went silent (a replica gone without closing it). nginx's default (60 s) held such a request a
 * minute and then answered 504; now an idempotent request goes to another replica after this wait, within
 * UPSTREAM_RETRY_WINDOW_S, and the replica stays out of the upstream for fail_timeout.
 */
export const UPSTREAM_ANSWER_TIMEOUT_S = 15;
/** How long a request may be passed on to other replicas (proxy_next_upstream_timeout): one answer wait and a retry. */
export const UPSTREAM_RETRY_WINDOW_S = 20;

/** Groups the route table by path: nginx routes by path; the methods are the service's business. */
interface ApiLocation {
  path: string;
  service: ServiceName;
  maxBody: string;
  stream: boolean;
  /** Its GET is a public list nginx keeps 1 s for anonymous callers (Route.anonymousCache). */
  anonymousCache: boolean;
  /** Limited per client address (Route.lookupLimit). */
  lookupLimit: boolean;
  /** Seconds nginx waits for the answer of a route not streamed (Route.answerWait, else UPSTREAM_ANSWER_TIMEOUT_S). */
  answerWait: number;
}

export function locations(routes: Route[] = ROUTES): ApiLocation[] {
  const byPath = new Map<string, ApiLocation>();
  for (const r of routes) {
    const seen = byPath.get(r.path);
    if (seen && seen.service !== r.service) throw new Error(`${r.path} tem dois donos: ${seen.service} e ${r.service}`);
    if (r.anonymousCache && (r.method !== 'GET' || r.access !== 'public' || r.path.includes(':'))) {
      throw new Error(`${r.method} ${r.path}: só uma lista pública (GET sem parâmetros) pode ficar no cache anônimo`);
    }
    byPath.set(r.path, {
      path: r.path,
      service: r.service,
      maxBody: r.maxBody ?? seen?.maxBody ?? '1m',
      stream: !!(r.stream || seen?.stream),
      anonymousCache: !!(r.anonymousCache || seen?.anonymousCache),
      lookupLimit: !!(r.lookupLimit || seen?.lookupLimit),
      answerWait: Math.max(r.answerWait ?? UPSTREAM_ANSWER_TIMEOUT_S, seen?.answerWait ?? 0),
    });
  }
  return [...byPath.values()];
}

function apiLocation(l: ApiLocation): string {
  const match = l.path.includes(':') ? `~ ${pathRegex(l.path)}` : `= ${l.path}`;
  const lines = [
    `location ${match} {`,
    `    client_max_body_size ${l.maxBody};`,
    // a streamed upload is refused (wrong type, too large) while its client is still sending: nginx then closes the
    // connection after the answer, so the answer says so (Connection: close) and no client sends its next request
    // on a connection about to close; one connection per upload costs nothing beside the upload
    ...(l.stream ? ['    proxy_request_buffering off;', '    proxy_read_timeout 600s;', '    proxy_send_timeout 600s;', '    keepalive_timeout 0;'] : []),
    // a GET with no cookie and no credentials: the anonymous read (before the identity check, which is in access)
    // recursive: the anonymous read's own error pages (its JSON 503) apply after this first redirect
    ...(l.anonymousCache ? ['    recursive_error_pages on;', `    error_page 418 = @anonymous_${l.service};`, '    if ($anonymous_read) {', '        return 418;', '    }'] : []),
    ...(l.lookupLimit ? [`    limit_req zone=lookups burst=${LOOKUP_BURST} nodelay;`, '    error_page 429 = @too_many_requests;'] : []),
    // a streamed route waits as long as its transfer; any other, only as long as a service answers (see the constant)
    ...(l.stream ? [] : [`    proxy_read_timeout ${l.answerWait}s;`]),
    `    include api_proxy.conf;`,
    `    proxy_pass http://${l.service};`,
    `}`,
  ];
  return lines.map((x) => `    ${x}`).join('\n');
}

/**
 * The anonymous read of a service's public lists (Route.anonymousCache): nginx's cache keeps each answer 1 s
 * (concurrent misses each reach the service, none waits for another's), with no identity check — the caller sent no cookie,
 * so it is anonymous, and no assertion reaches the service (one sent by the client is removed).
 */
export function anonymousReadLocation(service: ServiceName, o: Pick<GatewayOptions, 'debugHeaders'>): string {
  const lines = [
    `location @anonymous_${service} {`,
    '    proxy_cache answers;',
    // the key carries the wall-clock second: a copy is served only within the second it was fetched in, so
    // an admin's edit shows to anonymous readers at most 1 s later (a 1 s validity alone, counted by nginx in
    // whole seconds, kept some copies almost 2 s)
    '    proxy_cache_key $scheme$proxy_host$request_uri$answer_second;',
    '    proxy_cache_valid 200 1s;',
    // no cache lock: nginx looks at a held lock every 500 ms, so every request that missed while another was
    // fetching the same answer waited half a second — each list once a second, about 3 % of anonymous reads at
    // 1,600 req/s (bench:mixed). The few concurrent misses of a second go to the service, whose shared answers
    // keep them cheap.
    '    proxy_cache_lock off;',
    // the services mark every answer private (it depends on the cookie): here there is none
    '    proxy_ignore_headers Cache-Control Expires;',
    `    proxy_set_header ${ASSERTION_HEADER} "";`,
    '    proxy_set_header X-Request-Id $request_id;',
    '    proxy_set_header X-Real-IP $remote_addr;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_set_header Host $host;',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_connect_timeout 2s;',
    `    proxy_read_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s;`,
    '    proxy_next_upstream error timeout http_502;',
    '    proxy_next_upstream_tries 3;',
    `    proxy_next_upstream_timeout ${UPSTREAM_RETRY_WINDOW_S}s;`,
    '    proxy_hide_header X-Request-Id;',
    ...(o.debugHeaders ? ['    add_header X-Cache-Status $upstream_cache_status always;'] : ['    proxy_hide_header X-Service;']),
    '    add_header X-Request-Id $request_id always;',
    '    include security_headers.conf;',
    '    error_page 502 504 = @service_unavailable;',
    `    proxy_pass http://${service};`,
    '}',
  ];
  return lines.map((x) => `        ${x}`).join('\n');
}

/** The shared part of every /api location: identity, forwarded headers, error mapping. */
export function renderApiProxy(o: Pick<GatewayOptions, 'debugHeaders'>): string {
  return [
    '# Who is calling: asked of the auth service on every request (revocation is immediate); its signed',
    '# assertion replaces anything the client sent under that name, and services believe nothing else.',
    'auth_request /_identity;',
    `auth_request_set $identity_assertion $upstream_http_${ASSERTION_HEADER.replace(/-/g, '_')};`,
    `proxy_set_header ${ASSERTION_HEADER} $identity_assertion;`,
    'proxy_set_header X-Request-Id $request_id;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header Host $host;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_connect_timeout 2s;',
    'proxy_next_upstream error timeout http_502;',
    'proxy_next_upstream_tries 3;',
    `proxy_next_upstream_timeout ${UPSTREAM_RETRY_WINDOW_S}s;`,
    'proxy_hide_header X-Request-Id;',
    ...(o.debugHeaders ? [] : ['proxy_hide_header X-Service;']),
    'add_header X-Request-Id $request_id always;',
    'include security_headers.conf;',
    'error_page 403 = @origin_refused;',
    'error_page 500 = @identity_unavailable;',
    'error_page 502 504 = @service_unavailable;',
    'error_page 413 = @too_large;',
    '',
  ].join('\n');
}

/** HSTS only when the site is served over https (a browser would otherwise refuse plain http for a year). */
export function securityHeaders(o: Pick<GatewayOptions, 'publicUrl'>): (readonly [string, string])[] {
  const https = o.publicUrl.startsWith('https://');
  return [...SECURITY_HEADERS, ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : [])];
}

export function renderSecurityHeaders(o: Pick<GatewayOptions, 'publicUrl'>): string {
  return securityHeaders(o).map(([k, v]) => `add_header ${k} "${v}" always;`).join('\n') + '\n';
}

export function renderNginx(o: GatewayOptions): string {
  const rt = o.tempDir ?? o.runtimeDir;
  const upstreams = SERVICE_NAMES.map((s) => {
    const servers = o.upstreams[s].map((hp) => `        server ${hp} max_fails=1 fail_timeout=3s;`).join('\n');
    // idle connections kept to each service (the identity check's to auth too); the services keep theirs open
    // longer than nginx (listen() in @clima/common), so nginx never reuses one a service has just closed
    return `    upstream ${s} {\n${servers}\n        keepalive 64;\n        keepalive_requests 100000;\n        keepalive_timeout 60s;\n    }`;
  }).join('\n');
  const inner = '            ';
  const jsonErrors = Object.entries(JSON_ERRORS)
    .map(([name, e]) => `        location ${name} {\n${jsonAnswer(e.status, e.body, inner, e.status === 503 ? ['add_header Retry-After 2 always;'] : e.status === 429 ? ['add_header Retry-After 1 always;'] : [])}\n        }`)
    .join('\n');
  const realIp = o.trustedProxies.length
    ? `    # the client's address: from X-Forwarded-For, believed only from the trusted proxies
${o.trustedProxies.map((p) => `    set_real_ip_from ${p};`).join('\n')}
    real_ip_header X-Forwarded-For;
    real_ip_recursive on;
`
    : '';
  return `# Generated from the route table (packages/contract/src/routes.ts) by gateway/src/render.ts. Do not edit by hand.
${o.user ? `user ${o.user};` : ''}
worker_processes ${o.workerProcesses ?? 'auto'};
pid ${rt}/nginx.pid;
error_log ${o.errorLog} warn;

events {
    worker_connections 4096;
}

http {
  ${MIME}
    default_type application/octet-stream;
    charset utf-8;
    charset_types application/json application/javascript text/css text/plain;
    server_tokens off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests 10000;

    client_body_temp_path ${rt}/client_body;
    proxy_temp_path ${rt}/proxy;
    fastcgi_temp_path ${rt}/fastcgi;
    uwsgi_temp_path ${rt}/uwsgi;
    scgi_temp_path ${rt}/scgi;

    # a GET or HEAD without any cookie or credentials: public lists are answered from nginx's cache (anonymousReadLocation)
    map "$request_method:$http_cookie:$http_authorization" $anonymous_read {
        "GET::" 1;
        "HEAD::" 1;
        default 0;
    }
    # the current second (Unix time without its milliseconds): part of the anonymous copies' cache key
    map $msec $answer_second {
        "~^(?<s>[0-9]+)\\." $s;
    }
    # the lookups anyone may repeat (Route.lookupLimit): per client address, 429 beyond
    limit_req_zone $binary_remote_addr zone=lookups:10m rate=${LOOKUP_RATE};
    limit_req_status 429;
    proxy_cache_path ${rt}/answers levels=1:2 keys_zone=answers:10m max_size=64m inactive=10s use_temp_path=off;

    log_format json escape=json '{"time":"$time_iso8601","reqId":"$request_id","method":"$request_method","uri":"$request_uri",'
        '"status":$status,"bytes":$body_bytes_sent,"rt":$request_time,"upstream":"$upstream_addr","urt":"$upstream_response_time"}';
    access_log ${o.accessLog === 'off' ? 'off' : `${o.accessLog} json`};

    gzip on;
    gzip_vary on;
    gzip_comp_level 5;
    gzip_min_length 512;
    gzip_proxied any;
    gzip_types text/css application/javascript application/json image/svg+xml text/plain application/manifest+json;

${realIp}
${upstreams}

    server {
        listen ${o.port};
        server_name _;
        client_max_body_size 1m;
        # every answer carries them, also nginx's own (locations with headers of their own include them again)
        include security_headers.conf;

        # Requests nginx refuses itself (a NUL or a broken escape in the path, a path or headers too long).
        error_page 400 414 494 /_errors/bad-request.json;
        location = /_errors/bad-request.json {
            internal;
${jsonAnswer(400, BAD_REQUEST, inner)}
        }
        location = /_errors/not-found.json {
            internal;
${jsonAnswer(404, NOT_FOUND, inner)}
        }

        # Identity of the caller (nginx auth_request). Never reachable from outside.
        location = /_identity {
            internal;
            # the subrequest carries the main request's Content-Length: the limit is the route's, not this one's
            client_max_body_size 0;
            proxy_pass http://auth/internal/identity;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_set_header X-Original-Method $request_method;
            proxy_set_header X-Original-URI $request_uri;
            proxy_set_header Origin $http_origin;
            proxy_set_header Cookie $http_cookie;
            proxy_set_header X-Request-Id $request_id;
            proxy_set_header X-Real-IP $remote_addr;
            # the gateway's secret: auth believes X-Real-IP only beside it (GATEWAY_TOKEN)
            include ${identityTokenFile(o)};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_connect_timeout 2s;
            # a frozen auth replica: the check goes to another one, or answers 503, instead of holding every request
            proxy_read_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s;
        }

${jsonErrors}

        # The gateway's own liveness (the services each have /health behind it).
        location = /gateway-health {
            access_log off;
            default_type application/json;
            include security_headers.conf;
            return 200 '{"status":"ok"}';
        }

        # Files in storage: only after a service said yes (X-Accel-Redirect).
        # Its one Cache-Control is the service's (private and short, @clima/storage): one added here would be a second.
        location /media/ {
            internal;
            alias ${o.storageDir}/;
            include security_headers.conf;
        }

        # The API: one location per path of the route table.
${locations().map(apiLocation).join('\n')}

        # Public lists read by anonymous callers (Route.anonymousCache).
${[...new Set(locations().filter((l) => l.anonymousCache).map((l) => l.service))].map((svc) => anonymousReadLocation(svc, o)).join('\n')}

        location /api/ {
${jsonAnswer(404, JSON_ERRORS['@api_not_found']!.body, inner)}
        }

        location = /internal/identity {
${jsonAnswer(404, NOT_FOUND, inner)}
        }

        # The admin panel, a federated remote: no SPA fallback (a missing chunk is a 404).
        location = /admin-remote/remoteEntry.js {
            alias ${o.webAdminDir}/remoteEntry.js;
            add_header Cache-Control "no-cache" always;
            include security_headers.conf;
        }
        location /admin-remote/ {
            alias ${o.webAdminDir}/;
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "public, max-age=31536000, immutable" always;
            include security_headers.conf;
        }

        # The installable app (PWA): the service worker and its manifest are revalidated on every load,
        # so a new build is found at once; the worker's runtime and the icons change only with their name.
        location = /sw.js {
            root ${o.webShellDir};
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "no-cache" always;
            include security_headers.conf;
        }
        location = /manifest.webmanifest {
            root ${o.webShellDir};
            gzip_static on;
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "no-cache" always;
            include security_headers.conf;
        }
        location ~ ^/workbox-[A-Za-z0-9_-]+\\.js$ {
            root ${o.webShellDir};
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "public, max-age=31536000, immutable" always;
            include security_headers.conf;
        }
        location /icons/ {
            root ${o.webShellDir};
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "public, max-age=86400" always;
            include security_headers.conf;
        }

        # The web shell: hashed assets cached for a year, every other path falls back to index.html.
        # The build writes a .gz beside each text file, compressed once at the highest level: sent as is.
        location /assets/ {
            root ${o.webShellDir};
            gzip_static on;
            try_files $uri =404;
            error_page 404 /_errors/not-found.json;
            add_header Cache-Control "public, max-age=31536000, immutable" always;
            include security_headers.conf;
        }
        location / {
            root ${o.webShellDir};
            gzip_static on;
            try_files $uri /index.html;
            add_header Cache-Control "no-cache" always;
            include security_headers.conf;
        }
    }
}
`;
}
