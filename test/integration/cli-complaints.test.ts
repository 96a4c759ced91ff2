// `amora complaints` run as operators run it (a separate process): its output lines, its summary
// line and exit codes. What list and resolve do is tested through the service on both backends
// (test/integration/complaints.test.ts); SQLite only, as the other CLI tests.
import { expect } from 'chai';
import { newReference } from '../../server/services/complaints/complaints-service.js';
import { BACKENDS, envFor, type TestEnv } from '../helpers/backends.js';
import { amoraCli } from '../helpers/cli.js';

describe('[sqlite] amora complaints', function () {
  this.timeout(120_000);
  let env: TestEnv;
  const amora = (...args: string[]) => amoraCli(env, 'complaints', ...args);

  before(async () => {
    env = await envFor(BACKENDS[0]!);
  });

  it('lists open complaints, resolves one after a dry run, and refuses bad input with exit code 1', async () => {
    const reference = newReference();
    const [id] = await env.rt.db('complaints').insert({
      reference, site_id: 1, user_id: null, name: '', email: 'cli-visitor@example.com', subject: 'other', body: 'Nobody answered my\nquestion.', language: 'fr', status: 'open', created_at: Date.now(),
    });
    const list = await amora('list', '--status', 'open', '--since', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    expect(list.code, list.stderr).to.equal(0);
    expect(list.stdout).to.match(new RegExp(`^#${id} ${reference} \\S+ open other from visitor <cli-visitor@example.com> \\[fr\\]: Nobody answered my question\\.$`, 'm'));
    expect(list.stdout).to.match(/^listed \d+ complaint\(s\), \d+ open$/m);

    const dry = await amora('resolve', String(id), '--note', 'answered by phone', '--dry-run');
    expect(dry.stdout.trim()).to.equal(`would resolve complaint #${id} (${reference}, other, from cli-visitor@example.com) with a note (dry run, nothing changed)`);
    expect((await env.rt.db('complaints').where({ id }).first()).status).to.equal('open');
    const done = await amora('resolve', String(id), '--note', 'answered by phone');
    expect(done.stdout.trim()).to.equal(`resolved complaint #${id} (${reference}, other, from cli-visitor@example.com) with a note`);
    expect(await env.rt.db('complaints').where({ id }).first()).to.include({ status: 'resolved', resolution_note: 'answered by phone' });

    const cases: [string[], string][] = [
      [['resolve', String(id)], `complaint #${id} is resolved already`],
      [['resolve', 'abc'], 'ID must be a complaint\'s number'],
      [['list', '--status', 'closed'], '--status must be one of open, resolved, got "closed"'],
      [['list', '--since', 'yesterday'], '--since must be a date'],
    ];
    const results = await Promise.all(cases.map(([args]) => amora(...args)));
    cases.forEach(([args, message], i) => {
      expect(results[i]!.code, args.join(' ')).to.equal(1);
      expect(results[i]!.stderr, args.join(' ')).to.include(message);
    });
  });
});
