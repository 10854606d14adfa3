/** O que o importador diz enquanto lê e importa uma planilha: carregado com a página de importação (import-screens.ts). */
export default {
  kit: {
    importer: {
      title: 'Importar {{entity, inSentence}}',
      intro:
        'Baixe o modelo, preencha uma linha por registro e envie a planilha (.xlsx). Cada linha é validada e importada em lotes de 10; você pode pausar e continuar quando quiser.',
      downloadTemplate: 'Baixar modelo',
      chooseFile: 'Escolher planilha (.xlsx)',
      fileLoaded: '{{fileName}}: {{count}} linha(s)',
      start: 'Importar',
      pause: 'Pausar',
      resume: 'Continuar',
      restart: 'Importar outra planilha',
      running: 'Importando...',
      pausing: 'Pausando após o lote atual...',
      paused: 'Importação pausada. Clique em Continuar para seguir de onde parou.',
      finished: 'Importação concluída',
      summary: '{{imported}} importada(s), {{errors}} com erro, {{pending}} pendente(s), de {{total}} linha(s)',
      templateFileName: '{{entity}}_modelo.xlsx',
      templateHint: 'Uma linha por registro. Listas (vários valores) separadas por espaço; datas como AAAA-MM-DD HH:mm.',
      status: {
        pending: 'Pendente',
        imported: 'Importado',
        error: 'Erro',
      },
      columns: {
        line: 'Linha',
        status: 'Situação',
        message: 'Mensagem',
      },
      errors: {
        invalidFileExcel: 'Apenas planilhas Excel (.xlsx) são permitidas',
        invalidFileUpload: 'Não foi possível ler o arquivo. Verifique se é uma planilha .xlsx válida',
        invalidFileEmpty: 'A planilha está vazia: nenhuma linha de dados encontrada',
        invalidFileTemplate: 'A planilha não é do modelo atual. Baixe o modelo novamente e copie seus dados para ele',
      },
    },
  },
};
