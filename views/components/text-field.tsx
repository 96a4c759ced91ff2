// Kept so older imports still resolve: the form controls live in views/components/form/.
export { TextField, type TextFieldProps } from './form/text-field.js';
