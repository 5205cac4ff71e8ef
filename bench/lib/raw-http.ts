/**
 * An HTTP/1.1 client for load generators that costs little CPU: keep-alive connections over `node:net`, each
 * request written as one buffer, each answer read by finding its header end and its length (Content-Length or
 * chunked), and only what a caller asked for kept (the status, the X-Service header, the JSON body when
 * wanted). `node:http`'s client costs 0.36–0.42 ms of CPU per request on this machine (its parser, streams,
 * header objects and agent bookkeeping): on 2 cores shared with the platform, a generator of 3,000 req/s
 * would take more than a core of them. One request per connection at a time (no pipelining: an open loop
 * measures each answer's own latency); a request waits for a free connection when `maxConnections` are busy.
 */
import { connect, Socket } from 'node:net';

export interface RawAnswer {
  /** 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** The X-Service header (which service answered), `gateway` when absent. */
  service: string;
  /** The body as text when `keepBody` was asked and the answer is JSON; '' otherwise. */
  body: string;
}

export interface RawRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Keep the body of a JSON answer (otherwise its bytes are counted and dropped). */
  keepBody?: boolean;
}

interface Pending {
  bytes: Buffer;
  keepBody: boolean;
  done: (answer: RawAnswer) => void;
  /** Sent again once already: a kept-alive connection the server had closed as it was reused, as browsers do. */
  retried?: boolean;
}

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const NO_ANSWER: RawAnswer = { status: 0, service: 'gateway', body: '' };

/**
 * A chunked body at the start of `buf`: where it ends and its data, or -1 while incomplete, -2 when malformed (no
 * trailers are sent by the gateway: the last chunk is followed by one empty line).
 */
function readChunked(buf: Buffer): { end: number; parts: Buffer[] } | -1 | -2 {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = buf.indexOf(CRLF, at);
    if (line < 0) return -1;
    const size = parseInt(buf.toString('latin1', at, line), 16);
    if (Number.isNaN(size)) return -2;
    if (size === 0) {
      const end = buf.indexOf(CRLF, line + 2);
      return end < 0 ? -1 : { end: end + 2, parts };
    }
    at = line + 2 + size + 2;
    if (at > buf.length) return -1;
    parts.push(buf.subarray(line + 2, line + 2 + size));
  }
}

const header = (head: string, name: RegExp) => name.exec(head)?.[1];
const LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[ \t]*(chunked)/i;
const SERVICE = /\r\nx-service:[ \t]*([^\r]+)/i;
const CLOSE = /\r\nconnection:[ \t]*(close)/i;
const JSON_TYPE = /\r\ncontent-type:[ \t]*([^\r]*json)/i;

class Connection {
  readonly socket: Socket;
  current: Pending | null = null;
  private buf: Buffer | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Requests sent on this connection, and whether any byte of the current one's answer came. */
  private sent = 0;
  private heard = false;
  private timedOut = false;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly timeoutMs: number,
    private readonly free: (c: Connection) => void,
    private readonly gone: (c: Connection, resend: Pending | null) => void,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => this.close());
    this.socket.on('close', () => this.close());
    this.socket.on('end', () => this.close());
  }

  send(p: Pending): void {
    this.current = p;
    this.sent++;
    this.heard = false;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.close();
    }, this.timeoutMs);
    this.socket.write(p.bytes);
  }

  /** The answer being read: its head once parsed, and the body's bytes still to come (Content-Length) or its chunks so far. */
  private answer: { status: number; service: string; close: boolean; keep: boolean; chunked: boolean } | null = null;
  private remaining = 0;
  private kept: Buffer[] = [];

  private read(chunk: Buffer): void {
    this.heard = true;
    if (!this.current) return;
    let data = chunk;
    if (!this.answer) {
      const buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
      const headEnd = buf.indexOf(CRLF2);
      if (headEnd < 0) {
        this.buf = buf;
        return;
      }
      this.buf = null;
      const head = buf.toString('latin1', 0, headEnd);
      const status = Number(head.slice(9, 12));
      const length = header(head, LENGTH);
      const chunked = length === undefined && header(head, CHUNKED) !== undefined;
      if (length === undefined && !chunked && status !== 204 && status !== 304) {
        // an answer without a length ends with its connection: the gateway sends none; counted as no answer
        this.close();
        return;
      }
      this.answer = { status, service: header(head, SERVICE) ?? 'gateway', close: CLOSE.test(head), keep: this.current.keepBody && JSON_TYPE.test(head), chunked };
      this.remaining = length === undefined ? 0 : Number(length);
      data = buf.subarray(headEnd + 4);
    }
    const a = this.answer;
    if (a.chunked) {
      // chunked answers are rare here (streamed files): kept whole until their last chunk, then decoded
      const buf = this.buf ? Buffer.concat([this.buf, data]) : data;
      const chunked = readChunked(buf);
      if (chunked === -2) return this.close();
      if (chunked === -1) {
        this.buf = buf;
        return;
      }
      this.buf = null;
      if (a.keep) this.kept = chunked.parts;
    } else {
      const take = Math.min(this.remaining, data.length);
      if (a.keep && take > 0) this.kept.push(data.subarray(0, take));
      this.remaining -= take;
      if (this.remaining > 0) return;
    }
    const p = this.current;
    const body = a.keep ? Buffer.concat(this.kept).toString('utf8') : '';
    this.current = null;
    this.answer = null;
    this.kept = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    p.done({ status: a.status, service: a.service, body });
    if (a.close) this.close();
    else this.free(this);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    const p = this.current;
    this.current = null;
    const resend = p && !p.retried && this.sent > 1 && !this.heard && !this.timedOut ? p : null;
    if (this.timer) clearTimeout(this.timer);
    this.gone(this, resend);
    if (p && !resend) p.done(NO_ANSWER);
  }
}

export class RawHttpClient {
  private readonly idle: Connection[] = [];
  private readonly waiting: Pending[] = [];
  private open = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly maxConnections = 512,
    private readonly timeoutMs = 10_000,
  ) {}

  request(r: RawRequest): Promise<RawAnswer> {
    let head = `${r.method} ${r.path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n`;
    for (const name in r.headers) head += `${name}: ${r.headers[name]}\r\n`;
    if (r.body !== undefined) head += `Content-Length: ${Buffer.byteLength(r.body)}\r\n`;
    const bytes = Buffer.from(`${head}\r\n${r.body ?? ''}`);
    return new Promise((done) => this.dispatch({ bytes, keepBody: r.keepBody ?? false, done }));
  }

  /** Connections open now (busy or idle). */
  get connections(): number {
    return this.open;
  }

  close(): void {
    for (const c of [...this.idle]) c.close();
  }

  private dispatch(p: Pending): void {
    const c = this.idle.pop();
    if (c) c.send(p);
    else if (this.open < this.maxConnections) {
      this.open++;
      new Connection(this.host, this.port, this.timeoutMs, (x) => this.freed(x), (x, resend) => this.gone(x, resend)).send(p);
    } else this.waiting.push(p);
  }

  private freed(c: Connection): void {
    const next = this.waiting.shift();
    if (next) c.send(next);
    else this.idle.push(c);
  }

  private gone(c: Connection, resend: Pending | null): void {
    this.open--;
    const i = this.idle.indexOf(c);
    if (i >= 0) this.idle.splice(i, 1);
    if (resend) resend.retried = true;
    const next = resend ?? this.waiting.shift();
    if (next) this.dispatch(next);
  }
}
