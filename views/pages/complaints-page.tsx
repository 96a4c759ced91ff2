// /complaints: the complaints procedure (legal text, rendered once per site and language) and below
// it the form (issue 16.7). A plain form post, so it works without JavaScript; a refused post comes
// back with what was typed and each message beside its field; a sent one shows its reference.
import { COMPLAINT_MAX_LENGTH, COMPLAINT_MIN_LENGTH, COMPLAINT_SUBJECTS, type ComplaintAbout } from '../../types/complaints.js';
import { FormErrors, SelectField, TextField } from '../components/form/index.js';
import { formatDateTime, formatMoney } from '../format.js';
import { usePage } from '../render-context.js';

export interface ComplaintFormValues {
  subject: string;
  message: string;
  email: string;
}

export interface ComplaintsPageProps {
  html: string;
  values: ComplaintFormValues;
  about?: ComplaintAbout;
  errors?: Record<string, string>;
  /** The reference of the complaint just sent: the thank-you replaces the form. */
  sentReference?: string;
}

function AboutLine({ about }: { about: ComplaintAbout }) {
  const { t, lng } = usePage();
  const text =
    about.kind === 'profile'
      ? t('pages:complaintForm.aboutProfile', { name: about.label })
      : t('pages:complaintForm.aboutPayment', {
          amount: formatMoney(lng, about.amountCents, about.currency),
          credits: about.credits,
          date: formatDateTime(lng, about.createdAt),
        });
  return <p className="notice complaint-form__about" data-testid="complaint-about">{text}</p>;
}

function ComplaintForm({ values, about, errors = {} }: Omit<ComplaintsPageProps, 'html' | 'sentReference'>) {
  const { t, csrfToken, user } = usePage();
  const options = COMPLAINT_SUBJECTS.map((s) => [s, t(`pages:complaintForm.subjects.${s}`)] as const);
  return (
    <form method="post" action="/complaints" className="form complaint-form" data-testid="complaint-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      {about?.kind === 'profile' && <input type="hidden" name="profile" value={about.profileId} />}
      {about?.kind === 'payment' && <input type="hidden" name="payment" value={about.paymentRef} />}
      {errors._form && <p className="notice notice--error" role="alert">{errors._form}</p>}
      {about && <AboutLine about={about} />}
      <FormErrors errors={errors}>
        <SelectField label={t('pages:complaintForm.subject')} name="subject" options={options} placeholder={t('pages:complaintForm.choose')} defaultValue={values.subject} />
        <TextField
          label={t('pages:complaintForm.message')}
          name="message"
          rows={6}
          minLength={COMPLAINT_MIN_LENGTH}
          maxLength={COMPLAINT_MAX_LENGTH}
          defaultValue={values.message}
          hint={t('pages:complaintForm.messageHint', { max: COMPLAINT_MAX_LENGTH })}
        />
        {user ? (
          <p className="complaint-form__reply">{t('pages:complaintForm.replyToAccount')}</p>
        ) : (
          <TextField label={t('pages:complaintForm.email')} name="email" type="email" autoComplete="email" inputMode="email" maxLength={191} defaultValue={values.email} hint={t('pages:complaintForm.emailHint')} />
        )}
      </FormErrors>
      <button type="submit" className="btn btn--primary btn--block btn--lg">{t('pages:complaintForm.submit')}</button>
    </form>
  );
}

export function ComplaintsPage({ html, sentReference, ...form }: ComplaintsPageProps) {
  const { t } = usePage();
  return (
    <div className="container section">
      <article className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      <section className="prose complaint-form__section" id="complaint-form" aria-labelledby="complaint-form-title">
        <h2 id="complaint-form-title">{t('pages:complaintForm.title')}</h2>
        {sentReference ? (
          <p className="notice notice--ok" role="status" data-testid="complaint-sent">{t('pages:complaintForm.sent', { reference: sentReference })}</p>
        ) : (
          <>
            <p>{t('pages:complaintForm.intro')}</p>
            <ComplaintForm {...form} />
          </>
        )}
      </section>
    </div>
  );
}
