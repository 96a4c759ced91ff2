// The circuit opens on the count of the service's faults in its window, however many calls
// succeeded around them, and ignores errors that are the caller's own.
import { expect } from 'chai';
import { Circuit, ServiceUnavailableError } from '../../server/lib/circuit.js';

describe('circuit: opening on the count of faults', () => {
  // Not through circuitFor(): these stay out of the registry that /healthz reports.
  const fresh = (isServiceFault?: (err: unknown) => boolean) => new Circuit('count test', { timeoutMs: 200, resetMs: 150, isServiceFault });
  const fail = (c: Circuit, err: Error = new Error('down')) => c.run(() => Promise.reject(err)).catch((e: unknown) => e);

  it('stays closed after one or two faults among many successes, opens at the third, heals after a good probe', async () => {
    const c = fresh();
    for (let i = 0; i < 20; i++) await c.run(async () => i);
    expect(await fail(c)).to.be.instanceOf(ServiceUnavailableError);
    await fail(c);
    expect(c.state()).to.equal('closed');
    await fail(c);
    expect(c.state()).to.equal('open');
    expect(() => c.assertClosed()).to.throw(ServiceUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.state()).to.equal('half-open');
    expect(await c.run(async () => 'ok')).to.equal('ok');
    expect(c.state()).to.equal('closed');
    c.shutdown();
  });

  it('lets the caller’s own errors through unchanged, without counting them', async () => {
    const mine = Object.assign(new Error('duplicate'), { code: 'ER_DUP_ENTRY' });
    const c = fresh((err) => (err as { code?: string }).code !== 'ER_DUP_ENTRY');
    for (let i = 0; i < 5; i++) expect(await fail(c, mine)).to.equal(mine);
    expect(c.state()).to.equal('closed');
    c.shutdown();
  });
});
