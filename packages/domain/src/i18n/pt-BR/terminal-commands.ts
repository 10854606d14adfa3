export default {
  terminalCommands: {
    /** The locker is offline, or the command could not be published, or it got no answer in time. */
    couldNotCommunicate: 'Não foi possível se comunicar com o Armário',
    unsupported: 'Este terminal não suporta {{action}}',
    jammed: 'A porta do compartimento {{number}} está emperrada',
    refused: 'O terminal recusou o comando',
    failed: 'O terminal não conseguiu executar o comando',
    orderNotInCompartment: 'Este pedido não está no compartimento {{number}}: nada foi aberto',
    notOpenable: 'Só um compartimento com número, em um armário, pode ser aberto',
    holdsParcel: 'O compartimento {{number}} guarda uma encomenda: não pode ser bloqueado nem liberado agora',
    actions: {
      open_compartment: 'abrir um compartimento',
      apply_config: 'a configuração dos compartimentos',
      reboot: 'reiniciar',
      restart_app: 'reiniciar o aplicativo',
      sync: 'sincronizar',
      software_update: 'atualização de software',
      apply_access_codes: 'os códigos de acesso guardados no e-box',
    },
  },
};
