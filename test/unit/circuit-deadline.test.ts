// A circuit's deadline: a service that does not answer in time fails with a 503, but an answer that
// came in time while this process was stalled (a long task, a loaded machine) is taken, not counted
// as a fault. Otherwise three such stalls would open the circuit on a healthy service.
import { MessageChannel } from 'node:worker_threads';
import { expect } from 'chai';
import { Circuit, ServiceUnavailableError } from '../../server/lib/circuit.js';

/** Holds the event loop, as a long synchronous task or a descheduled process does. */
function stall(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy on purpose
  }
}

describe('circuit: the deadline', () => {
  const fresh = () => new Circuit('deadline test', { timeoutMs: 50, resetMs: 10_000 });

  it('takes an answer that arrived in time while the process was stalled past the deadline', async () => {
    const c = fresh();
    for (let i = 0; i < 5; i++) {
      // The answer comes through a message port: read, like a socket, in the event loop's poll phase.
      const { port1, port2 } = new MessageChannel();
      const answer = c.run(() => new Promise<string>((resolve) => port2.once('message', resolve)));
      port1.postMessage(`pong ${i}`);
      stall(150);
      expect(await answer).to.equal(`pong ${i}`);
      port1.close();
    }
    expect(c.report()).to.include({ state: 'closed', failures: 0, timeouts: 0, opened: 0 });
    c.shutdown();
  });

  it('fails a call that does not answer at its deadline, counts it, and opens at the third', async () => {
    const c = fresh();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const err = await c.run(() => new Promise(() => undefined)).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(ServiceUnavailableError);
      // Not before the deadline; the upper bound is a hang's, not a timing (the machine may be busy).
      expect(performance.now() - started).to.be.within(49, 5000);
    }
    expect(c.report()).to.include({ state: 'open', timeouts: 3, opened: 1 });
    expect(await c.run(async () => 'not called').catch((e: unknown) => e)).to.be.instanceOf(ServiceUnavailableError);
    c.shutdown();
  });

  it('passes on what the call throws, even synchronously', async () => {
    const c = new Circuit('deadline test', { timeoutMs: 50, isServiceFault: () => false });
    const mine = new Error('mine');
    expect(await c.run(() => { throw mine; }).catch((e: unknown) => e)).to.equal(mine);
    expect(await c.run(() => Promise.reject(mine)).catch((e: unknown) => e)).to.equal(mine);
    c.shutdown();
  });
});
