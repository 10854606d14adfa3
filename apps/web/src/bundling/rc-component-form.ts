/**
 * `@rc-component/form` as antd imports it (vite.config.ts aliases the package's name here), each
 * export from its own module. The package's index attaches Field, List and the hooks to its Form
 * (`RefForm.Field = Field`), statements a bundler must keep whenever anything of the index is used:
 * antd's Input imports only the FormProvider, and carried the whole form store and its validator
 * (about 15 kB compressed) to pages without a form, the sign-in page first.
 */
export { default as Field } from '@rc-component/form/es/Field';
export { default as FieldContext } from '@rc-component/form/es/FieldContext';
export { FormProvider } from '@rc-component/form/es/FormContext';
export { default as useForm } from '@rc-component/form/es/hooks/useForm';
export { default as useWatch } from '@rc-component/form/es/hooks/useWatch';
export { default } from '@rc-component/form/es/index';
export { default as List } from '@rc-component/form/es/List';
export { default as ListContext } from '@rc-component/form/es/ListContext';
