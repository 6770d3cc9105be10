/** Shared form components of the questionnaire and the staff forms; see README.md for their props. */
export { AreaPicker } from './area-picker.tsx';
export { type AnyForm, type AreaFieldKeys, useAreaField, useFileField, valueAt } from './bindings.ts';
export { type FormCaller, FormCallerProvider, FormReadOnlyProvider, useStaffUploads, useWorkCounter } from './caller.tsx';
export { CountrySelect } from './country-select.tsx';
export { DictSelect } from './dict-select.tsx';
export { useDictionary } from './dictionary.ts';
export { NumberField } from './number-field.tsx';
export { RowTable, type RowTableColumn } from './row-table.tsx';
export { checkUpload, downloadFile } from './upload.ts';
export { UploadField, UploadHint } from './upload-field.tsx';
export { YesNo } from './yes-no.tsx';
