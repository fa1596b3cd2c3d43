/**
 * A second DevTools connection to the browser, over its debugging port, for what Playwright does not reach: the
 * service worker's own target. Playwright's CDP sessions attach to pages only, and a page's network conditions
 * do not slow the worker's fetches (the worker is a target of its own); this one attaches to every service worker
 * as it starts (held until set up), applies the same network conditions to it and reports its network events.
 *
 * Launch Chromium with `--remote-debugging-port=<port>` beside Playwright's pipe, then `BrowserDevtools.connect(port)`.
 */

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionId: string | undefined) => void;

export interface NetworkConditions {
  latency: number;
  /** Bytes per second; -1: no limit. */
  downloadThroughput: number;
  uploadThroughput: number;
}

export const noAddedLatency: NetworkConditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

export class BrowserDevtools {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: Params) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Attached service worker sessions, by session id, with the worker's address. */
  readonly workers = new Map<string, string>();
  private conditions: NetworkConditions = noAddedLatency;
  private cpuRate = 1;
  /** Whether the worker target took Emulation.setCPUThrottlingRate (undefined until a worker was attached). */
  workerCpuThrottling: boolean | undefined;

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => this.receive(String(event.data)));
  }

  static async connect(port: number): Promise<BrowserDevtools> {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('DevTools connection failed')), { once: true });
    });
    const devtools = new BrowserDevtools(socket);
    devtools.on('Target.attachedToTarget', (params) => void devtools.setUpWorker(params));
    devtools.on('Target.detachedFromTarget', (params) => devtools.workers.delete(params.sessionId as string));
    await devtools.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker', exclude: false }, { exclude: true }],
    });
    return devtools;
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in 30 s`));
      }, 30_000);
      const settle = {
        resolve: (value: Params) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.pending.set(id, settle);
    });
  }

  on(method: string, listener: Listener): () => void {
    const set = this.listeners.get(method) ?? new Set();
    set.add(listener);
    this.listeners.set(method, set);
    return () => set.delete(listener);
  }

  /** Network conditions for every service worker, now and as they start. */
  async setWorkerConditions(conditions: NetworkConditions, cpuRate: number): Promise<void> {
    this.conditions = conditions;
    this.cpuRate = cpuRate;
    await Promise.all([...this.workers.keys()].map((sessionId) => this.applyTo(sessionId)));
  }

  close(): void {
    this.socket.close();
  }

  private async setUpWorker(params: Params): Promise<void> {
    const sessionId = params.sessionId as string;
    const info = params.targetInfo as { type: string; url: string };
    try {
      if (info.type === 'service_worker') {
        this.workers.set(sessionId, info.url);
        await this.send('Network.enable', {}, sessionId);
        await this.applyTo(sessionId);
      }
    } finally {
      await this.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
    }
  }

  private async applyTo(sessionId: string): Promise<void> {
    await this.send('Network.emulateNetworkConditions', { offline: false, ...this.conditions }, sessionId);
    const cpu = await this.send('Emulation.setCPUThrottlingRate', { rate: this.cpuRate }, sessionId).then(
      () => true,
      () => false,
    );
    this.workerCpuThrottling = cpu;
  }

  private receive(data: string): void {
    const message = JSON.parse(data) as {
      id?: number;
      result?: Params;
      error?: { message: string };
      method?: string;
      params?: Params;
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    if (message.method)
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
  }
}
