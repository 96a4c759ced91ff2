// batchedFirstRow(), batchedAllRows(): reads asked at about the same time share a round trip on
// MySQL (one multi-statement); each still gets its own row or rows, and a read that fails fails alone.
import { expect } from 'chai';
import type { Db } from '../../server/db.js';
import { batchedAllRows, batchedFirstRow } from '../../server/db-read-batch.js';
import { describeEachBackend } from '../helpers/backends.js';
import { createMember } from '../helpers/members.js';

const EMAIL_OF = 'SELECT email FROM users WHERE id = ? LIMIT 1';
const IDS_UP_TO = 'SELECT id FROM users WHERE id <= ? AND id IN (?, ?, ?) ORDER BY id';

describeEachBackend('reads batched into one round trip', (env) => {
  const db = (): Db => env().rt.db;

  it('answers each read of a burst with its own row, or undefined', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(db())));
    const ids = [...members.map((m) => m.id), -1, ...members.map((m) => m.id).reverse()];
    const rows = await Promise.all(Array.from({ length: 100 }, (_, i) => batchedFirstRow<{ email: string }>(db(), EMAIL_OF, [ids[i % ids.length]!])));
    rows.forEach((row, i) => {
      const m = members.find((x) => x.id === ids[i % ids.length]);
      expect(row?.email).to.equal(m?.email);
    });
  });

  it('fails only the read whose statement fails', async () => {
    const m = await createMember(db());
    const [before, broken, after] = await Promise.allSettled([
      batchedFirstRow<{ email: string }>(db(), EMAIL_OF, [m.id]),
      batchedFirstRow(db(), 'SELECT no_such_column FROM users WHERE id = ?', [m.id]),
      batchedFirstRow<{ email: string }>(db(), EMAIL_OF, [m.id]),
    ]);
    expect(before).to.deep.equal({ status: 'fulfilled', value: { email: m.email } });
    expect(broken?.status).to.equal('rejected');
    expect(after).to.deep.equal({ status: 'fulfilled', value: { email: m.email } });
  });

  it('answers each all-rows read with all its rows, in a burst beside first-row reads', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createMember(db())));
    const ids = members.map((m) => m.id).sort((a, b) => a - b);
    const limits = [ids[0]! - 1, ids[0]!, ids[1]!, ids[2]!];
    const [lists, emails] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, i) => batchedAllRows<{ id: number }>(db(), IDS_UP_TO, [limits[i % 4]!, ...ids]))),
      Promise.all(members.map((m) => batchedFirstRow<{ email: string }>(db(), EMAIL_OF, [m.id]))),
    ]);
    lists.forEach((rows, i) => expect(rows.map((r) => Number(r.id))).to.deep.equal(ids.slice(0, i % 4)));
    expect(emails.map((r) => r?.email)).to.deep.equal(members.map((m) => m.email));
  });

  it('fails only the all-rows read whose statement fails', async () => {
    const m = await createMember(db());
    const [broken, after] = await Promise.allSettled([
      batchedAllRows(db(), 'SELECT no_such_column FROM users WHERE id = ?', [m.id]),
      batchedAllRows<{ email: string }>(db(), EMAIL_OF, [m.id]),
    ]);
    expect(broken?.status).to.equal('rejected');
    expect(after).to.deep.equal({ status: 'fulfilled', value: [{ email: m.email }] });
  });
});
