// The form controls of the design system, styled in views/styles/parts/forms.css. Pages and
// islands import them from here; nothing in this folder may import server code.
export { FormErrors, FieldError, invalidProps, useFieldState, useFocusFirstInvalid, type FieldState } from './form-errors.js';
export { TextField, type TextFieldProps } from './text-field.js';
export { SelectField, Select, type Option, type SelectFieldProps } from './select-field.js';
export { ChoiceList, Checkbox, type ChoiceListProps, type CheckboxProps } from './choice-list.js';
export { DateOfBirth, type DateOfBirthProps } from './date-of-birth.js';
export { FileField, type FileFieldProps } from './file-field.js';
