// The four stages shown while the account is created (SPEC.md §4).
import { useIsland } from '../runtime.js';

export const PROGRESS_STAGES = ['checkingProfile', 'creatingAccount', 'lookingForMatches', 'sendingActivation'] as const;

export function SignupProgress({ stage }: { stage: number }) {
  const { t } = useIsland();
  return (
    <div className="signup-progress" role="status" aria-live="polite" data-testid="signup-progress">
      <ol className="signup-progress__list">
        {PROGRESS_STAGES.map((key, i) => (
          <li key={key} className={`signup-progress__stage${i < stage ? ' is-done' : i === stage ? ' is-active' : ''}`}>
            <span className="signup-progress__mark" aria-hidden="true">{i < stage ? '✓' : i + 1}</span>
            {t(`progress.${key}`)}
          </li>
        ))}
      </ol>
      <div className="signup-progress__bar" aria-hidden="true">
        <span style={{ width: `${((stage + 1) / PROGRESS_STAGES.length) * 100}%` }} />
      </div>
    </div>
  );
}
