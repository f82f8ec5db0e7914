import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy that can cut every connection, to make a database "go away" and come back. */
export class TcpProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {}

  async start(): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
    return this.port;
  }

  /** Refuses new connections and cuts the open ones. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}
