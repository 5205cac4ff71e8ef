/** Hostile and odd inputs, shared by the bad-input suite. */

/** Values put in place of each field of a valid body. */
export const FIELD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -Number.MAX_SAFE_INTEGER * 4,
  '',
  '   ',
  'a'.repeat(100_000),
  'ç'.repeat(30_000),
  '😀'.repeat(10_000),
  '\u0000',
  'nul\u0000byte',
  '\ud800 lone surrogate',
  'العربية \u202e RTL \u200b zero-width',
  'Ünïcödé ação ñ 中文 🇧🇷',
  "' OR '1'='1",
  "'; DROP TABLE auth.users; --",
  '1; SELECT pg_sleep(10)',
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '${7*7}{{7*7}}',
  '__proto__',
  [],
  [1, 2, 3],
  ['x', { y: 1 }],
  {},
  { $gt: '' },
  { __proto__: { isAdmin: true } },
];

/** Bodies that are not what the route expects at all (sent as application/json unless noted). */
export const RAW_BODIES: { label: string; body: string | Buffer; contentType?: string; headers?: Record<string, string> }[] = [
  { label: 'open brace', body: '{' },
  { label: 'truncated', body: '{"title": "abc' },
  { label: 'trailing comma', body: '{"a": 1,}' },
  { label: 'single quotes', body: "{'a': 1}" },
  { label: 'null', body: 'null' },
  { label: 'array', body: '[]' },
  { label: 'string', body: '"texto"' },
  { label: 'number', body: '123' },
  { label: 'empty', body: '' },
  { label: 'NUL byte', body: '\u0000' },
  { label: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]) },
  { label: 'deep nesting', body: '['.repeat(50_000) + ']'.repeat(50_000) },
  { label: 'prototype pollution', body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}' },
  { label: 'duplicate keys', body: '{"title": "a", "title": {"x": 1}}' },
  { label: 'between the service and gateway limits (300 KB)', body: JSON.stringify({ title: 'x'.repeat(300_000) }) },
  { label: 'form-encoded as JSON', body: 'a[b][c]=1&a[__proto__][x]=1' },
  { label: 'text/plain', body: '{"title": "a"}', contentType: 'text/plain' },
  { label: 'form-encoded', body: 'title=a&title=b&a[b][c]=1', contentType: 'application/x-www-form-urlencoded' },
  { label: 'XML', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' },
  { label: 'UTF-16 charset', body: '{"a": 1}', contentType: 'application/json; charset=utf-16' },
  { label: 'gzip that is not', body: '{"a": 1}', headers: { 'content-encoding': 'gzip' } },
  { label: 'unknown encoding', body: '{"a": 1}', headers: { 'content-encoding': 'br, zstd, x-unknown' } },
];

/** Values of a path placeholder (already URL-encoded where it matters). */
export const PATH_VALUES: string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '9'.repeat(40),
  '2147483648',
  '%00',
  '%20',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20x',
  '..%2f..%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....%2f%2f....%2f%2fetc%2fpasswd',
  '..%5c..%5cetc%5cpasswd',
  'video.mp4%00.png',
  '%E0%A4%A',
  '%',
  '%C3%A7%C3%A3o',
  '%F0%9F%98%80',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '__proto__',
  'constructor',
  'x'.repeat(2000),
];

/** Values of a query parameter (raw: sent as written, to include broken encodings). */
export const QUERY_VALUES: string[] = [
  '',
  '%20%20',
  'a'.repeat(4000),
  '%',
  '%E0%A4%A',
  '%00',
  'nul%00byte',
  '%27%20OR%20%271%27%3D%271',
  '%25%25%25',
  '_',
  '%5C',
  '(a%2B)%2B%24',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '..%2F..%2Fetc%2Fpasswd',
  '%C3%A7%C3%A3o',
  '%F0%9F%98%80',
  '%D8%A7%E2%80%AE',
  '-1',
  '99999999999999999999999',
  'all',
];

/** Query shapes besides single values: repeated, bracketed and unknown parameters. */
export const QUERY_SHAPES = (name: string): string[] => [`${name}=a&${name}=b`, `${name}[]=a`, `${name}[$ne]=x`, `${name}[a][b]=c`, `__proto__[x]=1`, `${name}`];

/** Parameters tried on every GET route (unknown ones must be ignored). */
export const QUERY_NAMES = ['search', 'q', 'category', 'manufacturer', 'model', 'type', 'status', 'ok', 'page', 'limit', 'sort'];

/** What must never appear in an answer. */
export const LEAKS: [RegExp, string][] = [
  [/\n\s+at [^\n]+\(?[^\n]*:\d+:\d+\)?/, 'stack trace'],
  [/node_modules|\/work\/|\/dist\/[\w/-]+\.js|\.ts:\d+/, 'source path'],
  [/QueryFailedError|EntityNotFound|TypeORMError|ZodError|TypeError|ReferenceError|RangeError|SyntaxError:/, 'error class'],
  [/syntax error at or near|violates (unique|foreign key|check|not-null) constraint|invalid input syntax|duplicate key value/, 'database message'],
  [/root:x:0:0|\/bin\/bash|daemon:x:/, 'file outside storage'],
];
