import { expect } from 'chai';
import { passwordProblem } from '../../server/services/accounts/password-policy.js';

describe('password policy', () => {
  it('wants at least 8 characters, counting emoji as one each', () => {
    expect(passwordProblem('Sh0rt!x')).to.equal('passwordTooShort');
    expect(passwordProblem('🔐🔐🔐🔐🔐🔐🔐')).to.equal('passwordTooShort');
    expect(passwordProblem('🔐🔐🔐🔐🔐🔐🔐🔐')).to.equal(undefined);
  });

  it('accepts long passphrases and refuses absurd lengths', () => {
    expect(passwordProblem('a long and happy passphrase with 🎉 emoji that keeps going and going')).to.equal(undefined);
    expect(passwordProblem('x'.repeat(1025))).to.equal('passwordTooLong');
  });

  it('refuses very common passwords, whatever their case', () => {
    for (const p of ['password', 'Password123', 'iloveyou', 'QWERTYUIOP', '12345678', 'letmein1']) {
      expect(passwordProblem(p), p).to.equal(p.length < 8 ? 'passwordTooShort' : 'passwordTooCommon');
    }
  });

  it('refuses the e-mail address or its local part', () => {
    expect(passwordProblem('maria.rossi@example.com', { email: 'Maria.Rossi@example.com' })).to.equal('passwordLikeEmail');
    expect(passwordProblem('maria.rossi', { email: 'maria.rossi@example.com' })).to.equal('passwordLikeEmail');
  });
});
