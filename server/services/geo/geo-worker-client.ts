// The app's side of the geo worker: started on the first question (CLI commands and tests that ask
// none never load the data), one worker per process (GEO_WORKER, shared by every GeoService), every
// question with a deadline. The worker is unref'd: it never keeps a process alive, and dies with
// it. A worker that dies is started again on the next question.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ServiceUnavailableError } from '../../lib/circuit.js';
import type { GeoQuery, GeoResponse } from './geo-protocol.js';

/** Loading the data takes one to two seconds of CPU; a machine under heavy load may need far more. */
const LOAD_DEADLINE_MS = 60_000;
const CALL_DEADLINE_MS = 2_000;
const OLD_GENERATION_MB = 96;

// From source (tsx) the worker is a .ts file, which a worker thread on Node 20 cannot load by
// itself: it registers tsx first. From dist/ it is plain JavaScript.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL(`./geo-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url).href;
const BOOT = `(async () => {
  const { workerData } = await import('node:worker_threads');
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.entry);
})()`;

/** tsx's ESM register API as a file URL (its `import` export: the CommonJS one registers wrongly in a worker). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const exports = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports;
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class GeoWorkerClient {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  async ask<T>(query: GeoQuery): Promise<T> {
    await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new ServiceUnavailableError('geo')), CALL_DEADLINE_MS);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.worker!.postMessage({ ...query, id });
    });
  }

  /** Stops the worker (tests); a later question starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.reset(new ServiceUnavailableError('geo'));
    await worker?.terminate();
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const tsx = FROM_SOURCE ? tsxEsmApi() : null;
      // A tight old generation makes V8 collect the load's garbage as it goes rather than grow the
      // heap (and the process's memory) to several times what the data keeps (~35 MB).
      const worker = new Worker(BOOT, { eval: true, workerData: { entry: ENTRY, tsx }, resourceLimits: { maxOldGenerationSizeMb: OLD_GENERATION_MB } });
      this.worker = worker;
      const timer = setTimeout(() => {
        reject(new ServiceUnavailableError('geo'));
        void this.close();
      }, LOAD_DEADLINE_MS);
      worker.on('message', (msg: GeoResponse) => {
        if ('ready' in msg) {
          clearTimeout(timer);
          resolve();
        } else if ('error' in msg) this.settle(msg.id, new Error(`geo worker: ${msg.error}`));
        else this.settle(msg.id, undefined, msg.result);
      });
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
        if (this.worker === worker) this.reset(err);
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`geo worker exited with code ${code}`)));
      // After the listeners: adding a 'message' listener refs the worker again. Questions under
      // way keep the process alive through their deadline timers.
      worker.unref();
    });
    return this.ready;
  }

  private settle(id: number, err: Error | undefined, result?: unknown): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (err) p.reject(err);
    else p.resolve(result);
  }

  private reset(err: Error): void {
    this.worker = undefined;
    this.ready = undefined;
    for (const id of [...this.pending.keys()]) this.settle(id, err);
  }
}

/** The process's geo worker. */
export const GEO_WORKER = new GeoWorkerClient();
