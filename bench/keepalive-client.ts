// A small HTTP/1.1 client on kept-alive sockets, for load generators that share the machine with the server
// they measure: node:http's client builds a parser, streams and events per request, which here took about a
// tenth of the machine's CPU per order. This one writes each request in one call and reads replies framed
// by Content-Length (what the API sends); anything else is an error, counted as a failed request.
import { connect, type Socket } from 'node:net';

export interface Reply {
  status: number;
  body: string;
}

interface Waiting {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const headEnd = Buffer.from('\r\n\r\n');

class Connection {
  readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: Waiting | null = null;
  private readonly onIdle: (connection: Connection) => void;
  private readonly onGone: (connection: Connection) => void;

  constructor(host: string, port: number, onIdle: (connection: Connection) => void, onGone: (connection: Connection) => void) {
    this.onIdle = onIdle;
    this.onGone = onGone;
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(request: string, timeoutMs: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('timed out')), timeoutMs);
      this.waiting = { resolve, reject, timer };
      this.socket.write(request);
    });
  }

  private receive(chunk: Buffer) {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = this.buffered.indexOf(headEnd);
    if (end < 0) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
    if (length === undefined) return this.fail(new Error(`reply without Content-Length: ${head.split('\r\n')[0]}`));
    const bodyStart = end + headEnd.length;
    if (this.buffered.length < bodyStart + Number(length)) return;
    const reply = {
      status: Number(head.slice(9, 12)),
      body: this.buffered.toString('utf8', bodyStart, bodyStart + Number(length)),
    };
    this.buffered = this.buffered.subarray(bodyStart + Number(length));
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) {
      clearTimeout(waiting.timer);
      this.onIdle(this);
      waiting.resolve(reply);
    }
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    this.onGone(this);
    this.socket.destroy();
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
  }
}

/** Requests to one server, each on an idle kept-alive connection or a new one. */
export class KeepAliveClient {
  private readonly idle: Connection[] = [];
  private readonly open = new Set<Connection>();
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  request(method: string, path: string, body: string, headers: Record<string, string> = {}, timeoutMs = 30_000) {
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`, `content-length: ${Buffer.byteLength(body)}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const connection =
      this.idle.pop() ??
      new Connection(
        this.host,
        this.port,
        (done) => this.idle.push(done),
        (gone) => {
          this.open.delete(gone);
          const index = this.idle.indexOf(gone);
          if (index >= 0) this.idle.splice(index, 1);
        },
      );
    this.open.add(connection);
    return connection.send(`${lines.join('\r\n')}\r\n\r\n${body}`, timeoutMs);
  }

  close(): void {
    for (const connection of this.open) connection.socket.destroy();
    this.open.clear();
    this.idle.length = 0;
  }
}
