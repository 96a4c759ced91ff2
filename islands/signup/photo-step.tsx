// The photo step: choose a picture, see it before sending; the server re-encodes it.
import { useEffect, useState } from 'react';
import type { SignupStep } from '../../types/signup.js';
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
      <label className="photo-drop">
        {preview ? <img src={preview} alt={t('photo.preview')} className="photo-drop__preview" /> : <span className="photo-drop__icon" aria-hidden="true">📷</span>}
        <span className="btn btn--light">{preview ? t('photo.change') : t('photo.choose')}</span>
        <input
          type="file"
          name="photo"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className="photo-drop__input"
          data-testid="photo-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
      </label>
      <small>{t('photo.rules')}</small>
    </StepForm>
  );
}
