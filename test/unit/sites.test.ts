import { expect } from 'chai';
import { normalizeHost } from '../../server/services/sites/sites-service.js';
import { sanitizeStoredSettings, storedSettingsSchema } from '../../server/services/sites/settings-schema.js';

describe('sites', () => {
  it('normalizes Host headers: case, port, www and trailing dot', () => {
    expect(normalizeHost('WWW.Amora.NL:443')).to.equal('amora.nl');
    expect(normalizeHost('amora.nl.')).to.equal('amora.nl');
    expect(normalizeHost('[::1]:3000')).to.equal('[::1]');
    expect(normalizeHost(undefined)).to.equal('');
  });

  it('validates stored settings strictly', () => {
    expect(storedSettingsSchema.safeParse({ signups: 'with_trafficsource' }).success).to.equal(true);
    expect(storedSettingsSchema.safeParse({ signups: 'sometimes' }).success).to.equal(false);
    expect(storedSettingsSchema.safeParse({ countries: ['XX'] }).success).to.equal(false);
    expect(storedSettingsSchema.safeParse({ no_such_setting: 1 }).success).to.equal(false);
  });

  it('drops invalid stored values instead of failing the page', () => {
    const clean = sanitizeStoredSettings({ message_credits: -5, refund_days: 30, countries: 'NL', junk: true });
    expect(clean).to.deep.equal({ refund_days: 30 });
  });
});
