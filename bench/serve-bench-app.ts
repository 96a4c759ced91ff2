// How the bench's own Express servers (the reference, the member floor) listen: on a free port
// that they print for bench/processes.ts to read, and closing on SIGTERM.
import type { Express } from 'express';

export function serveBenchApp(app: Express): void {
  const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    // run.ts reads this line to learn the port.
    console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  });
  server.keepAliveTimeout = 65_000;
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
