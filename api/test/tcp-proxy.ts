import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder standing in for a service that can be stopped and started again on the same
 * port (e.g. Redis in the outbox test): `stop()` closes the listener and cuts every connection,
 * so clients see the service go away; `start()` listens on the same port again.
 */
export interface TcpProxy {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, scheme = 'redis'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection(target);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    port,
    get url() {
      return `${scheme}://127.0.0.1:${port}`;
    },
    stop,
    start: listen,
    close: stop,
  };
}
