// Terms acceptance (issue 18.4). A member accepts the terms in force when signing up (the signup
// form says so, and signup records it with the version date), and each newer version at the next
// visit after it came into force (middleware/terms-gate.ts sends them to the page that asks).
import type { Db, Runner } from '../../db.js';
import * as repo from '../../repos/terms-repo.js';
import { TERMS_EPOCH } from '../../../types/terms.js';
import type { CompanyService } from '../company/company-service.js';

export class TermsService {
  constructor(
    private readonly db: Db,
    private readonly company: Pick<CompanyService, 'get' | 'termsDate'>,
  ) {}

  /** The version in force now (epoch ms): SPEC.md §9's date. Cached with the company info. */
  async currentVersion(): Promise<number> {
    return this.company.termsDate(await this.company.get()).getTime();
  }

  /**
   * The newest version the member has accepted: a recorded one, or the one in force at their
   * signup (accounts made outside the signup form, by seeds or tools, count as signed up under
   * the terms then in force); 0 when neither is known.
   */
  async acceptedVersion(userId: number): Promise<number> {
    const state = await repo.acceptanceStateOf(this.db, userId);
    if (!state) return 0;
    return Math.max(state.newest ?? 0, await this.versionAt(state.signupDate));
  }

  /**
   * Records that the member accepted `version` (currentVersion(), read before the transaction:
   * SQLite has one connection, busy with it) at signup, inside the signup's transaction.
   */
  async recordAtSignup(tx: Runner, userId: number, version: number, now: number): Promise<void> {
    await repo.insertAcceptance(tx, userId, version, 'signup', now);
  }

  /**
   * The member accepted the version the page showed. Only the version in force counts: a page
   * opened before the terms changed again asks once more. Returns whether it was recorded.
   */
  async accept(userId: number, shownVersion: number): Promise<boolean> {
    if (shownVersion !== (await this.currentVersion())) return false;
    await repo.insertAcceptance(this.db, userId, shownVersion, 'prompt', Date.now());
    return true;
  }

  /** The version in force at an instant: the newest version date not after it, else 0. */
  private async versionAt(instant: number): Promise<number> {
    const current = await this.currentVersion();
    if (instant >= current) return current;
    return instant >= TERMS_EPOCH ? TERMS_EPOCH : 0;
  }
}
