// The push-notification prompt: one button asks the browser; either way the member moves on.
import { useState, useSyncExternalStore } from 'react';
import type { SignupStep } from '../../types/signup.js';
import { pushCapable, subscribePush, type PushOutcome } from '../lib/push.js';
import { useIsland } from '../runtime.js';
import { StepForm } from './step-form.js';

const noSubscription = () => () => undefined;

export function PushStep({ onNext, publicKey }: { onNext: (step: SignupStep) => void; publicKey: string }) {
  const { t, csrfToken } = useIsland();
  const capable = useSyncExternalStore(noSubscription, () => pushCapable(publicKey), () => false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);
  return (
    <StepForm
      step="push"
      onNext={onNext}
      submitLabel={capable && !outcome ? t('push.enable') : t('next')}
      canSkip={capable && !outcome}
      beforeSubmit={async () => {
        if (capable && !outcome) setOutcome(await subscribePush(publicKey, csrfToken));
      }}
    >
      <div className="push-prompt">
        <span className="push-prompt__icon" aria-hidden="true">🔔</span>
        <p>{t('push.intro')}</p>
        {!capable && <p className="entry-warning__small">{t('push.unsupported')}</p>}
      </div>
    </StepForm>
  );
}
