// A redis-server of the test's own (Debian's package, /usr/bin/redis-server) on a free port, to be
// frozen (SIGSTOP), thawed (SIGCONT), killed (SIGKILL) and restarted while an app uses it. It keeps
// an append-only file synced on every write, so members' sessions survive a kill and a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a Redis answers PING on the port within `ms`. */
function pings(port: number, ms = 200): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export class RedisServerProcess {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<RedisServerProcess> {
    const r = new RedisServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'amora-redis-')));
    await r.restart();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, after kill()) and resolves once it answers. */
  async restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir];
    const child = spawn(REDIS_SERVER_BIN, args, { stdio: 'ignore' });
    this.child = child;
    const failed = new Promise<never>((_, reject) => child.once('error', reject));
    const deadline = Date.now() + 5000;
    while (!(await Promise.race([pings(this.port), failed]))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  freeze(): void {
    this.signal('SIGSTOP');
  }

  thaw(): void {
    this.signal('SIGCONT');
  }

  /** SIGKILL, and waits until the process is gone (its port closed). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    this.signal('SIGCONT');
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private signal(sig: NodeJS.Signals): void {
    if (!this.child || this.child.exitCode !== null) throw new Error('redis-server is not running');
    this.child.kill(sig);
  }
}
