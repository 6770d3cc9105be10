/** Shared form components of the questionnaire and the staff forms; see README.md for their props. */
export { AreaPicker, type AreaPart, type AreaPickerProps, type AreaValue } from './area-picker.tsx';
export { ADDRESS_KEYS, type AnyForm, type AreaFieldKeys, joinPath, useAreaField, useFileField, valueAt } from './bindings.ts';
export { FormCallerProvider, type FormCaller, FormReadOnlyProvider, useFormCaller, useFormReadOnly, useWorkCounter } from './caller.tsx';
export { CountrySelect, type CountrySelectProps } from './country-select.tsx';
export { DictSelect, type DictSelectProps } from './dict-select.tsx';
export { type DictOption, useDictionary } from './dictionary.ts';
export { NumberField, type NumberFieldProps } from './number-field.tsx';
export { RowTable, type RowTableColumn, type RowTableProps } from './row-table.tsx';
export { checkUpload, downloadFile, uploadFile, type UploadResult } from './upload.ts';
export { type FileValue, UploadField, type UploadFieldProps, UploadHint } from './upload-field.tsx';
export { YesNo, type YesNoProps } from './yes-no.tsx';
