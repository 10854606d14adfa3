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
    pinFormat: 'A senha da tela dos armários tem de 4 a 8 dígitos',
    holdsParcel: 'O compartimento {{number}} guarda uma encomenda: não pode ser bloqueado nem desbloqueado agora',
    /** Open, lock and release of a locker whose terminal refused, or was not sent, its relay mapping. */
    configRefused: 'O terminal recusou a sua configuração: {{reason}}',
    configInvalid: 'A configuração não foi enviada ao terminal: {{reason}}',
    /** Why a relay mapping is not sent (checked before apply_config). */
    configCheck: {
      unmapped: 'os compartimentos ativos {{numbers}} não têm placa ou canal',
      outOfRange: 'os compartimentos {{numbers}} indicam um canal fora de 1 a {{channels}} ou uma placa menor que 1',
      duplicate: 'os compartimentos {{numbers}} usam a mesma placa {{board}}, canal {{channel}}',
    },
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
