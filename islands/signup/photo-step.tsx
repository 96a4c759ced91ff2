// The photo step: choose a picture, see it before sending; the server re-encodes it.
import { useEffect, useState } from 'react';
import type { SignupStep } from '../../types/signup.js';
import { FileField } from '../../views/components/form/index.js';
import { useIsland } from '../runtime.js';
import { StepForm } from './step-form.js';

export function PhotoStep({ onNext }: { onNext: (step: SignupStep) => void }) {
  const { t } = useIsland();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  return (
    <StepForm step="photo" onNext={onNext} multipart submitLabel={t('photo.upload')}>
      <p>{t('photo.intro')}</p>
      <FileField
        name="photo"
        button={preview ? t('photo.change') : t('photo.choose')}
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        hint={t('photo.rules')}
        testId="photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          setPreview(file ? URL.createObjectURL(file) : null);
        }}
      >
        {preview ? <img src={preview} alt={t('photo.preview')} className="photo-drop__preview" /> : <span className="photo-drop__icon" aria-hidden="true">📷</span>}
      </FileField>
    </StepForm>
  );
}
