// A TCP proxy between the app and a real service, for fault tests: it can stall (keep every
// connection open but forward nothing, as a frozen server or a network partition does), resume,
// and cut (reset every connection and refuse new ones, as a killed server does) and restore.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Forwards nothing in either direction until resume(); new connections are accepted and stalled too. */
  stall(): void;
  resume(): void;
  /** Resets every connection and refuses new ones until restore(). */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let stalled = false;
  let server: Server | undefined;
  let port = 0;

  const onConnection = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      from.on('data', (chunk) => to.write(chunk));
      // One side gone: the other goes too (the server then rolls back what that connection had open).
      from.on('close', () => {
        to.destroy();
        pairs.delete(pair);
      });
      from.on('error', () => to.destroy());
      if (stalled) from.pause();
    }
  };

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer(onConnection);
      server.listen(port, '127.0.0.1', () => {
        const a = server!.address();
        if (typeof a === 'object' && a) port = a.port;
        resolve();
      });
    });
  await listen();

  const proxy: TcpProxy = {
    get port() {
      return port;
    },
    stall() {
      stalled = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    resume() {
      stalled = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async cut() {
      const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
      for (const [a, b] of pairs) {
        a.resetAndDestroy();
        b.destroy();
      }
      pairs.clear();
      server = undefined;
      await closing;
    },
    async restore() {
      if (!server) await listen();
    },
    async close() {
      stalled = false;
      await proxy.cut();
    },
  };
  return proxy;
}
