/**
 * Imports by natural key (issue 8): what a relation cell matched, what each template column accepts,
 * the failed rows file. Merged into `errors` and `kit.importer` (see i18n/index.ts).
 */
export default {
  errors: {
    naturalKey: {
      none: {
        default: 'Nenhum registro de {{label}} chamado “{{value}}”',
        company: 'Nenhuma empresa chamada “{{value}}”',
        group: 'Nenhum grupo chamado “{{value}}”',
        building: 'Nenhum prédio chamado “{{value}}”',
        buildingLevel1: 'Nenhum nível 1 chamado “{{value}}”',
        buildingLevel2: 'Nenhum nível 2 chamado “{{value}}”',
        customer: 'Nenhum cliente com nome, e-mail ou documento “{{value}}”',
        role: 'Nenhum perfil de acesso chamado “{{value}}”',
        eboxModule: 'Nenhum módulo com nome ou código “{{value}}”',
        ebox: 'Nenhum e-box com código ou nome “{{value}}”',
        cluster: 'Nenhum cluster chamado “{{value}}”',
        compartimentLayout: 'Nenhum layout de compartimento com código ou nome “{{value}}”',
      },
      several: {
        default: 'Vários registros de {{label}} chamados “{{value}}”: use o id',
        company: 'Várias empresas chamadas “{{value}}”: use o id externo ou o id',
        group: 'Vários grupos chamados “{{value}}”: use o id',
        building: 'Vários prédios chamados “{{value}}”: use o id externo ou o id',
        buildingLevel1: 'Vários níveis 1 chamados “{{value}}”: use o id',
        buildingLevel2: 'Vários níveis 2 chamados “{{value}}”: use o id',
        customer: 'Vários clientes com nome, e-mail ou documento “{{value}}”: use o e-mail ou o id',
        role: 'Vários perfis de acesso chamados “{{value}}”: use o id',
        eboxModule: 'Vários módulos com nome ou código “{{value}}”: use o código ou o id',
        ebox: 'Vários e-box com código ou nome “{{value}}”: use o código ou o id',
        cluster: 'Vários clusters chamados “{{value}}”: use o id',
        compartimentLayout: 'Vários layouts de compartimento com código ou nome “{{value}}”: use o código ou o id',
      },
    },
  },
  kit: {
    importer: {
      accepts: {
        text: 'Texto',
        textMax: 'Texto, até {{max}} caracteres',
        email: 'E-mail',
        url: 'Endereço (https://...)',
        number: 'Número (vírgula decimal)',
        integer: 'Número inteiro',
        boolean: 'Sim/Não',
        dateTime: 'DD/MM/AAAA HH:mm',
        dateRange: 'Duas datas DD/MM/AAAA HH:mm',
        enum: 'Um de: {{values}}',
        enumMultiple: 'Um ou mais de (separados por vírgula): {{values}}',
        relation: '{{entity}}: {{keys}} ou id',
        relationMultiple: '{{entity}}: {{keys}} ou id, vários separados por vírgula',
        stringList: 'Palavras separadas por espaço',
        files: 'Endereços dos arquivos, separados por espaço',
        required: 'obrigatório',
      },
      byNames:
        'Uma planilha exportada pela lista também pode ser importada: as colunas são reconhecidas pelo título, e os registros relacionados (empresa, perfil...) pelo nome ou pelo id, sem diferença de maiúsculas e acentos. A segunda linha do modelo diz o que cada coluna aceita.',
      groupedRows:
        'Linhas com o mesmo {{column}} formam um só registro: {{lists}} seguem a ordem das linhas (uma célula também pode listar vários, separados por vírgula)',
      groupDisagrees: 'As linhas {{lines}} (“{{value}}”) dão valores diferentes para {{column}}',
      acceptsRow: 'O que cada coluna aceita (esta linha é ignorada na importação)',
      missingColumns: 'Faltam colunas obrigatórias na planilha: {{columns}}',
      templateOtherEntity: 'Esta planilha é o modelo de importação de {{other}}, não de {{entity}}. Baixe o modelo de {{entity}}',
      templateOutdated:
        'Este modelo de {{entity}} é de uma versão anterior das colunas. Baixe o modelo de novo e copie suas linhas para ele',
      invalidFileColumns: 'Nenhuma coluna da planilha corresponde a {{entity}}. Use o modelo ou uma planilha exportada pelo console',
      imported: 'Importadas',
      failed: 'Com erro',
      pending: 'Pendentes',
      downloadFailed: 'Baixar linhas com erro',
      failedFileName: '{{entity}}_linhas_com_erro.xlsx',
      errorColumn: 'Erro',
      lineColumn: 'Linha',
      progressLabel: '{{imported}} de {{total}} importada(s)',
    },
  },
};
