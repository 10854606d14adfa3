import type { Language } from '@ebox/domain';
import type { Locale } from 'antd/es/locale';
// The ES modules: 'antd/locale/pt_BR' is CommonJS, whose default import is the module object
// ({ default: locale }), so spreading it would copy nothing and antd would ignore our overrides.
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';

/**
 * Ant Design's pt_BR reads like a translation ("Clique organiza por descendente") and leaves a few
 * texts in English (the week picker): these are written in the console's own voice.
 */
const PT_BR: Locale = {
  ...ptBR,
  global: { ...ptBR.global, placeholder: 'Selecione', sortable: 'ordenável' },
  Pagination: { ...ptBR.Pagination, jump_to: 'Ir para', jump_to_confirm: 'confirmar', page_size: 'Itens por página' },
  Table: {
    ...ptBR.Table,
    filterTitle: 'Filtrar',
    filterReset: 'Limpar',
    filterEmptyText: 'Nenhum filtro',
    emptyText: 'Nenhum dado',
    selectNone: 'Limpar seleção',
    selectionAll: 'Selecionar todos',
    sortTitle: 'Ordenar',
    collapse: 'Recolher linha',
    triggerDesc: 'Clique para ordenar do maior para o menor',
    triggerAsc: 'Clique para ordenar do menor para o maior',
    cancelSort: 'Clique para desfazer a ordenação',
  },
  Text: { ...ptBR.Text, edit: 'Editar', copy: 'Copiar', copied: 'Copiado', expand: 'Expandir' },
  DatePicker: ptBR.DatePicker && {
    ...ptBR.DatePicker,
    lang: { ...ptBR.DatePicker.lang, weekSelect: 'Escolher semana' },
  },
};

export function antdLocaleOf(language: Language): Locale {
  return language === 'en' ? enUS : PT_BR;
}
