// E-mail confirmation: the link from the activation mail makes a not_confirmed account active
// and its profile visible (SPEC.md §4). Links are single use.
import type { Db } from '../../db.js';
import { activateAccount } from '../../repos/signup-repo.js';
import type { TokensService } from '../tokens/tokens-service.js';

export class ActivationService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokensService,
  ) {}

  /** The activated member's id, or undefined for an unknown, used or expired link. */
  async activate(token: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const used = await this.tokens.consume('activation', token, tx);
      if (!used) return undefined;
      await activateAccount(tx, used.userId, Date.now());
      return used.userId;
    });
  }
}
