/** As recusas da API aos movimentos de uma liberação de software (issue 31): o navegador mostra as palavras da API. */
export default {
  entities: {
    terminalUiRelease: {
      errors: {
        notEditable: 'Só uma liberação agendada pode ser alterada ou excluída',
        notAllowed: 'Esta liberação está {{status}}: não pode ser {{action}} agora',
        nothingToRetry: 'Esta liberação não tem armário com falha para tentar de novo',
        otherCompanyBuild: 'Esta versão pertence a outra empresa que não a da liberação',
        noBuildFile: 'Esta versão não tem um arquivo guardado pelo console: anexe o arquivo à versão antes',
      },
      actionWords: { pause: 'pausada', resume: 'retomada', cancel: 'cancelada', retryFailed: 'tentada de novo' },
    },
  },
};
