import type { Client, Notification } from 'pg';

export interface PgListenerOptions {
  url: string;
  channel: string;
  /** Each notification on the channel. */
  onNotify(payload: string): void;
  /**
   * After each connection, the first one included: notifications sent while this process was not
   * listening are lost, so whatever they would have cleared must be cleared now.
   */
  onConnect(): void;
  onError?(error: unknown): void;
  /** First wait before reconnecting; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One dedicated connection that LISTENs on a channel (a pooled connection cannot: the pool hands
 * it to queries and drops it when idle). Reconnects with back-off for as long as it is open.
 */
export class PgListener {
  private client: Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private backoff: number;
  private connected = false;

  constructor(private readonly options: PgListenerOptions) {
    this.backoff = options.minBackoffMs ?? 100;
  }

  /** Resolves after the first connection, or its failure (reconnection goes on in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  get listening() {
    return this.connected;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => {});
  }

  private async connect() {
    if (this.closed) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 3000, keepAlive: true });
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      this.connected = false;
      if (error) this.options.onError?.(error);
      void client.end().catch(() => {});
      if (this.client === client) this.client = null;
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message: Notification) => {
      if (message.channel === this.options.channel) this.options.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      // The channel is an identifier, not a value: it is fixed by the caller, quoted here.
      await client.query(`LISTEN "${this.options.channel.replace(/"/g, '""')}"`);
      if (this.closed || lost) return;
      this.connected = true;
      this.backoff = this.options.minBackoffMs ?? 100;
      this.options.onConnect();
    } catch (error) {
      onLost(error);
    }
  }

  private retry() {
    if (this.closed || this.timer) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.options.maxBackoffMs ?? 5000);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
    this.timer.unref();
  }
}
