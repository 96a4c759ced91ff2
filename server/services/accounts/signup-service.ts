// Signup (SPEC.md §2-§5): validation with the specified messages, the site's signups setting, the
// tracking record, signup credits through the ledger, and the activation e-mail, all in one
// transaction so that an account never exists without its credits or its activation mail.
import { run as suggestEmail } from '@zootools/email-spell-checker';
import { z } from 'zod';
import type { Db } from '../../db.js';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { applyCreditDelta } from '../../repos/credits-repo.js';
import { emailTaken, insertAccount } from '../../repos/signup-repo.js';
import { nameKeyHolder, releasePurgedName } from '../../repos/username-keys-repo.js';
import type { GeoService } from '../geo/geo-service.js';
import type { MailService } from '../mail/mail-service.js';
import type { TermsService } from '../terms/terms-service.js';
import type { ActivationService } from './activation-service.js';
import { passwordProblem } from './password-policy.js';
import { normaliseUsername, usernameKeys, usernameProblem, type UsernameKeys } from './username-policy.js';
import { MIN_AGE, adultBirthDate } from '../profiles/profile-fields.js';
import { hasSource, type Landing, type TrackingRecord } from '../traffic/tracking-record.js';

export { MIN_AGE };

export interface SignupInput {
  name?: unknown;
  email?: unknown;
  password?: unknown;
  birth_year?: unknown;
  birth_month?: unknown;
  birth_day?: unknown;
  gender?: unknown;
  sexuality?: unknown;
  country?: unknown;
  region?: unknown;
  city?: unknown;
  reason?: unknown;
  /** Set when the member saw the 'Did you mean' suggestion and keeps the address as typed. */
  email_checked?: unknown;
}

export interface SignupContext {
  siteId: number;
  siteName: string;
  supportEmail: string;
  countries: string[];
  regionsOf: (country: string) => Promise<string[]>;
  signups: 'all' | 'with_trafficsource' | 'none';
  signupCredits: number;
  language: string;
  ip: string;
  baseUrl: string;
  /** The clean tracking record (services/traffic/tracking-record.ts); empty without a source. */
  tracking: TrackingRecord;
  /** The landing page the source arrived on, when it did (stored for `amora stats landers`). */
  landing: Landing | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const emailSchema = z.email();

export class SignupService {
  constructor(
    private readonly db: Db,
    private readonly activation: ActivationService,
    private readonly mail: MailService,
    private readonly geo: GeoService,
    private readonly terms: Pick<TermsService, 'currentVersion' | 'recordAtSignup'>,
  ) {}

  async signup(input: SignupInput, ctx: SignupContext): Promise<{ userId: number; profileId: number }> {
    if (ctx.signups === 'none' || (ctx.signups === 'with_trafficsource' && !hasSource(ctx.tracking))) {
      throw new ForbiddenError('invite_only', 'inviteOnly', { sitename: ctx.siteName });
    }
    const v = await this.validate(input, ctx);
    const [passwordHash, location, termsVersion] = await Promise.all([hashPassword(v.password), this.geo.locationFor(v), this.terms.currentVersion()]);
    try {
      return await this.db.transaction(async (tx) => {
        const now = Date.now();
        const ids = await insertAccount(tx, {
          siteId: ctx.siteId, email: v.email, nameKeys: v.nameKeys, passwordHash, language: ctx.language, ip: ctx.ip || null, reason: v.reason, tracking: ctx.tracking, landing: ctx.landing,
          profile: { name: v.name, gender: v.gender, sexuality: v.sexuality, birthDate: v.birthDate, country: v.country, region: v.region, city: v.city },
          location,
        }, now);
        // The form says that signing up accepts the terms: recorded with the version in force.
        await this.terms.recordAtSignup(tx, ids.userId, termsVersion, now);
        if (ctx.signupCredits > 0) {
          await applyCreditDelta(tx, { userId: ids.userId, delta: ctx.signupCredits, reason: 'signup', idempotencyKey: `signup:${ids.userId}` });
        }
        await this.activation.queueMail(tx, {
          userId: ids.userId, siteId: ctx.siteId, email: v.email, name: v.name, language: ctx.language,
          siteName: ctx.siteName, supportEmail: ctx.supportEmail, baseUrl: ctx.baseUrl,
        });
        return ids;
      });
    } catch (err) {
      // Two signups with one address, or with look-alike names, at the same moment: the unique
      // indexes decide, and whichever lost is told as if it had come second.
      if (String((err as { code?: string }).code).match(/ER_DUP_ENTRY|SQLITE_CONSTRAINT/)) {
        if (await emailTaken(this.db, ctx.siteId, v.email)) throw new ConflictError('email_exists', 'emailExists');
        if (await this.nameHeld(ctx.siteId, v.nameKeys)) throw new ValidationError({ name: 'usernameTaken' }, 'usernameTaken');
      }
      throw err;
    } finally {
      void this.mail.deliverDue().catch(() => undefined);
    }
  }

  private async validate(input: SignupInput, ctx: SignupContext) {
    const fields: Record<string, string> = {};
    const params: Record<string, Record<string, string | number>> = {};
    const name = normaliseUsername(typeof input.name === 'string' ? input.name : '');
    const email = str(input.email).toLowerCase();
    const password = typeof input.password === 'string' ? input.password : '';

    if (!emailSchema.safeParse(email).success || email.length > 191) {
      fields.email = 'invalidEmail';
      const suggestion = suggestEmail({ email });
      if (suggestion?.full) {
        fields.email = 'invalidEmailSuggestion';
        params.email = { suggestion: suggestion.full };
      }
    } else if (input.email_checked !== true && input.email_checked !== 'true') {
      // A valid address on a likely misspelt domain (gmial.com): ask once; the member may keep it.
      const suggestion = suggestEmail({ email });
      if (suggestion?.full && suggestion.full !== email) {
        fields.email = 'emailSuggestion';
        params.email = { suggestion: suggestion.full };
      }
    }
    const nameProblem = usernameProblem(name, [email, str(input.email)]);
    if (nameProblem) fields.name = nameProblem;

    const problem = passwordProblem(password, { email, name });
    if (problem) fields.password = problem;

    const birthDate = adultBirthDate(input.birth_year, input.birth_month, input.birth_day);
    if (!birthDate) {
      fields.birth = 'birthDate';
      params.birth = { min_age: MIN_AGE };
    }
    const gender = str(input.gender);
    if (gender !== 'male' && gender !== 'female') fields.gender = 'invalidField';
    const sexuality = str(input.sexuality);
    if (!['hetero', 'gay', 'lesbian', 'bi'].includes(sexuality)) fields.sexuality = 'invalidField';
    const country = str(input.country).toUpperCase();
    if (!ctx.countries.includes(country)) fields.country = 'invalidField';
    const region = str(input.region) || null;
    if (region && !fields.country && !(await ctx.regionsOf(country)).includes(region)) fields.region = 'invalidField';
    const city = str(input.city).slice(0, 100) || null;
    const reason = str(input.reason).slice(0, 191) || null;

    // An address that already has an account is answered with 409 once the form is valid; the
    // name is then not looked at, so that the same person signing up twice hears about the address.
    const emailIsTaken = !fields.email && (await emailTaken(this.db, ctx.siteId, email));
    const nameKeys = usernameKeys(name);
    if (!fields.name && !emailIsTaken && (await this.nameHeld(ctx.siteId, nameKeys))) fields.name = 'usernameTaken';

    const keys = Object.values(fields);
    if (keys.length) throw new ValidationError(fields, keys[0], params);
    if (emailIsTaken) throw new ConflictError('email_exists', 'emailExists');
    return { name, nameKeys, email, password, birthDate: birthDate!, gender, sexuality, country, region, city, reason };
  }

  /**
   * Whether a member of the site holds a name sharing a look-alike key with this one. Only
   * accounts hold names: fictional profiles belong to no site and share common first names among
   * themselves. A purged account's keys are given back here, on the first claim, as the purge
   * keeps no name; the other key may still be held by someone else, hence the second look.
   */
  private async nameHeld(siteId: number, keys: UsernameKeys): Promise<boolean> {
    for (let look = 0; look < 3; look++) {
      const holder = await nameKeyHolder(this.db, siteId, keys);
      if (!holder) return false;
      if (holder.status !== 'deleted') return true;
      await releasePurgedName(this.db, holder.id);
    }
    return true;
  }
}
