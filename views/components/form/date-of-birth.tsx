// Date of birth as three selects (day, month, year) in one row that fits a 360 px phone; the error
// is the field `birth`. Labels and month names come from the caller (pages and islands translate
// differently).
import { FieldError, invalidProps, useFieldState } from './form-errors.js';
import { Select } from './select-field.js';

export interface DateOfBirthProps {
  legend: string;
  labels: { day: string; month: string; year: string };
  /** The twelve month names in the page's language. */
  months: readonly string[];
  values?: { birth_day?: string; birth_month?: string; birth_year?: string } | null;
  /** The youngest allowed age; years are listed from there back 82 years. */
  minAge?: number;
  years?: number;
  error?: string;
}

export function DateOfBirth({ legend, labels, months, values, minAge = 18, years = 83, error }: DateOfBirthProps) {
  const field = useFieldState('birth', error);
  const aria = invalidProps(field);
  const newest = new Date().getUTCFullYear() - minAge;
  const invalid = { 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <fieldset className="field field--group date-of-birth" aria-describedby={aria['aria-describedby']}>
      <legend>{legend}</legend>
      <div className="date-of-birth__row">
        <Select name="birth_day" defaultValue={values?.birth_day ?? ''} aria-label={labels.day} autoFocus={aria.autoFocus} {...invalid}>
          <option value="">{labels.day}</option>
          {Array.from({ length: 31 }, (_, i) => <option key={i} value={i + 1}>{i + 1}</option>)}
        </Select>
        <Select name="birth_month" defaultValue={values?.birth_month ?? ''} aria-label={labels.month} {...invalid}>
          <option value="">{labels.month}</option>
          {months.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
        </Select>
        <Select name="birth_year" defaultValue={values?.birth_year ?? ''} aria-label={labels.year} {...invalid}>
          <option value="">{labels.year}</option>
          {Array.from({ length: years }, (_, i) => newest - i).map((y) => <option key={y} value={y}>{y}</option>)}
        </Select>
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
