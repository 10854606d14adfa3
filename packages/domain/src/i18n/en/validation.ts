export default {
  validation: {
    mixed: {
      default: '{{label}} is invalid',
      required: '{{label}} is required',
      selected: '{{label}} must be selected',
      oneOf: '{{label}} must be one of the following values: {{values}}',
      notOneOf: '{{label}} must not be one of the following values: {{values}}',
      invalid: '{{label}} is invalid',
      invalidType: '{{label}} must be of the right type',
    },
    string: {
      length: '{{label}} must be exactly {{length}} characters',
      min: '{{label}} must be at least {{min}} characters',
      max: '{{label}} must be at most {{max}} characters',
      matches: '{{label}} must start with a digit',
      email: '{{label}} must be a valid email',
      url: '{{label}} must be a valid URL',
      trim: '{{label}} must be a trimmed string',
      lowercase: '{{label}} must be a lowercase string',
      uppercase: '{{label}} must be a upper case string',
      nul: '{{label}} must not contain the NUL character (U+0000)',
      selected: '{{label}} must be selected',
    },
    number: {
      min: '{{label}} must be greater than or equal to {{min}}',
      max: '{{label}} must be less than or equal to {{max}}',
      lessThan: '{{label}} must be less than {{less}}',
      moreThan: '{{label}} must be greater than {{more}}',
      notEqual: '{{label}} must be not equal to {{notEqual}}',
      positive: '{{label}} must be a positive number',
      negative: '{{label}} must be a negative number',
      integer: '{{label}} must be an integer',
    },
    date: {
      invalid: '{{label}} must be a valid date',
      min: '{{label}} must be later than {{min}}',
      max: '{{label}} must be earlier than {{max}}',
      rangeOrder: 'The end of {{label}} must be after its start',
    },
    array: {
      required: '{{label}} must have at least one item',
      min: '{{label}} must have at least {{min}} items',
      max: '{{label}} must have at most {{max}} items',
    },
    object: {
      noUnknown: '{{label}} cannot have keys not specified in the object shape: {{keys}}',
    },
    file: {
      image: 'You must upload an image',
      size: 'File is too big. Max allowed size is {{max}} bytes',
      formats: 'Invalid format. Must be one of: {{formats}}',
    },
    email: {
      invalidInList: 'Email {{value}} is invalid',
    },
    password: {
      min: 'Password must be at least {{min}} characters',
      sameCharacters: 'Password cannot have all characters the same',
      sequence: 'Password cannot be a sequence (like 123456 or abcdef)',
      mustMatch: 'Passwords must match',
    },
  },
};
