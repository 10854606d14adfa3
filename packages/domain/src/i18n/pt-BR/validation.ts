export default {
  validation: {
    mixed: {
      default: '{{label}} é inválido',
      required: '{{label}} é obrigatório',
      selected: '{{label}} deve ser selecionado',
      oneOf: '{{label}} deve ser um dos seguintes valores: {{values}}',
      notOneOf: '{{label}} não deve ser um dos seguintes valores: {{values}}',
      invalid: '{{label}} é inválido',
      invalidType: '{{label}} deve ser do tipo correto',
    },
    string: {
      length: '{{label}} deve ter exatamente {{length}} caracteres',
      min: '{{label}} deve ter pelo menos {{min}} caracteres',
      max: '{{label}} deve ter no máximo {{max}} caracteres',
      matches: '{{label}} deve começar com um número',
      email: '{{label}} deve ser um e-mail válido',
      url: '{{label}} deve ser uma URL válida',
      trim: '{{label}} não deve ter espaços no início ou no fim',
      lowercase: '{{label}} deve estar em minúsculas',
      uppercase: '{{label}} deve estar em maiúsculas',
      nul: '{{label}} não pode conter o caractere NUL (U+0000)',
      selected: '{{label}} deve ser selecionado',
    },
    number: {
      min: '{{label}} deve ser maior ou igual a {{min}}',
      max: '{{label}} deve ser menor ou igual a {{max}}',
      lessThan: '{{label}} deve ser menor que {{less}}',
      moreThan: '{{label}} deve ser maior que {{more}}',
      notEqual: '{{label}} não deve ser igual a {{notEqual}}',
      positive: '{{label}} deve ser um número positivo',
      negative: '{{label}} deve ser um número negativo',
      integer: '{{label}} deve ser um número inteiro',
    },
    date: {
      invalid: '{{label}} deve ser uma data válida',
      min: '{{label}} deve ser posterior a {{min}}',
      max: '{{label}} deve ser anterior a {{max}}',
      rangeOrder: 'A data final de {{label}} deve ser posterior à inicial',
    },
    array: {
      required: 'Informe pelo menos um item em {{label}}',
      min: '{{label}} deve ter pelo menos {{min}} itens',
      max: '{{label}} deve ter no máximo {{max}} itens',
    },
    object: {
      noUnknown: '{{label}} não pode ter campos não especificados: {{keys}}',
    },
    file: {
      image: 'Você deve enviar uma imagem',
      size: 'Arquivo muito grande. O tamanho máximo é {{max}} bytes',
      formats: 'Formato inválido. Deve ser: {{formats}}',
    },
    email: {
      invalidInList: 'O e-mail {{value}} é inválido',
    },
    password: {
      min: 'A senha deve ter pelo menos {{min}} caracteres',
      sameCharacters: 'A senha não pode ter todos os caracteres iguais',
      sequence: 'A senha não pode ser uma sequência (como 123456 ou abcdef)',
      mustMatch: 'As senhas devem ser iguais',
    },
  },
};
