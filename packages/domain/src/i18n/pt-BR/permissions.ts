import { PERMISSIONS, type Permission } from '../../permissions';
import { inSentence } from '../message-formats';
import { type PermissionAction, permissionPartsOf } from '../permission-groups';
import { ENTITY_NOUNS } from './entity-nouns';

/**
 * Label and description of every permission (spec 6: the role form shows both). Permissions named
 * entity + action are worded from the entity's noun; the others are written one by one below.
 * A declared entity's noun comes from its translations (label, labelPlural) unless GROUPS words it
 * (as it must when the noun is feminine).
 */
type Noun = { title: string; plural: string; feminine?: boolean };

const GROUPS: Record<string, Noun> = {
  iam: { title: 'Usuários', plural: 'usuários' },
  payment: { title: 'Pagamentos', plural: 'pagamentos' },
  company: { title: 'Empresas', plural: 'empresas', feminine: true },
  route: { title: 'Rotas', plural: 'rotas', feminine: true },
  ebox: { title: 'Armários (e-box)', plural: 'armários' },
  eboxModule: { title: 'Módulos de armário', plural: 'módulos de armário' },
  group: { title: 'Grupos de armários', plural: 'grupos de armários' },
  bot: { title: 'Bots', plural: 'bots' },
  botFlow: { title: 'Fluxos de bot', plural: 'fluxos de bot' },
  buildingLevel1: { title: 'Nível 1 dos prédios', plural: 'unidades de nível 1 dos prédios', feminine: true },
  buildingLevel2: { title: 'Nível 2 dos prédios', plural: 'unidades de nível 2 dos prédios', feminine: true },
  operation: { title: 'Operação', plural: 'operações', feminine: true },
  paymentGateways: { title: 'Gateways de pagamento', plural: 'gateways de pagamento' },
  terminalUiRelease: { title: 'Liberações de versão do terminal', plural: 'liberações de versão do terminal', feminine: true },
  terminalUiVersion: { title: 'Versões da interface do terminal', plural: 'versões da interface do terminal', feminine: true },
  packing: { title: 'Romaneios', plural: 'romaneios' },
  inbound: { title: 'Entradas (cross-docking)', plural: 'entradas de cross-docking', feminine: true },
  auditLog: { title: 'Log de auditoria', plural: 'registros de auditoria' },
  settings: { title: 'Configurações', plural: 'configurações', feminine: true },
  filters: { title: 'Filtros', plural: 'filtros' },
  files: { title: 'Arquivos', plural: 'arquivos' },
  terminalSide: { title: 'Na tela do armário', plural: 'a tela do armário', feminine: true },
  appTerminal: { title: 'Ajustes do aplicativo do terminal', plural: 'os ajustes do aplicativo do terminal' },
  other: { title: 'Outras', plural: 'outros registros' },
};

function nounOf(group: string): Noun {
  const noun = ENTITY_NOUNS[group];
  return GROUPS[group] ?? (noun ? { title: noun[1], plural: inSentence(noun[1]) } : { title: group, plural: group });
}

type Text = { label: string; description: string };

const ACTIONS: Record<PermissionAction, (noun: Noun) => Text> = {
  Read: (n) => ({ label: `Ver ${n.plural}`, description: `Listar, consultar e exportar ${n.plural}` }),
  Create: (n) => ({ label: `Cadastrar ${n.plural}`, description: `Criar ${n.feminine ? 'novas' : 'novos'} ${n.plural}` }),
  Edit: (n) => ({
    label: `Editar ${n.plural}`,
    description: `Alterar os dados de ${n.plural} já ${n.feminine ? 'cadastradas' : 'cadastrados'}`,
  }),
  Destroy: (n) => ({ label: `Excluir ${n.plural}`, description: `Remover ${n.plural}, individualmente ou em lote` }),
  Import: (n) => ({ label: `Importar ${n.plural}`, description: `Cadastrar ${n.plural} em lote a partir de uma planilha Excel` }),
  Autocomplete: (n) => ({
    label: `Pesquisar ${n.plural}`,
    description: `Buscar ${n.plural} pelo nome ao preencher campos de outros cadastros`,
  }),
};

const SPECIAL: Partial<Record<Permission, Text>> = {
  iamUserAutocomplete: {
    label: 'Selecionar usuários em formulários',
    description: 'Buscar usuários pelo nome ou e-mail ao preencher campos de outros cadastros',
  },
  auditLogRead: { label: 'Ver o log de auditoria', description: 'Consultar quem alterou o quê, e quando, em cada cadastro' },
  settingsEdit: {
    label: 'Alterar configurações',
    description: 'Mudar o tema de cores do console e ler a caixa de saída de e-mails e SMS',
  },
  paymentExport: { label: 'Exportar pagamentos', description: 'Receber por e-mail a planilha de pagamentos gerada pelo servidor' },
  orderResendSMS: { label: 'Reenviar SMS de pedidos', description: 'Enviar de novo ao cliente o SMS com o código de retirada' },
  orderUpdateOverdue: { label: 'Alterar vencimento de pedidos', description: 'Mudar a data-limite de retirada de um pedido' },
  orderUpdateStatus: { label: 'Alterar situação de pedidos', description: 'Mudar manualmente a situação de um pedido' },
  orderQrcode: { label: 'Ver QR code de pedidos', description: 'Exibir e imprimir o QR code de retirada de um pedido' },
  orderExport: { label: 'Exportar pedidos', description: 'Receber por e-mail a planilha de pedidos gerada pelo servidor' },
  orderInbound: { label: 'Dar entrada em pedidos', description: 'Registrar a chegada de pedidos ao armazém (cross-docking)' },
  generateTag: { label: 'Gerar etiquetas', description: 'Gerar o PDF com as etiquetas dos pedidos' },
  invoiceRead: { label: 'Ver notas fiscais', description: 'Consultar as notas fiscais ligadas aos pedidos' },
  companyUserCreate: {
    label: 'Cadastrar usuários da empresa',
    description: 'Convidar usuários limitados às mesmas empresas que você pode acessar',
  },
  roleUserCreate: { label: 'Atribuir perfis a usuários', description: 'Conceder perfis de acesso ao convidar ou editar usuários' },
  eboxReboot: { label: 'Reiniciar armários', description: 'Enviar ao terminal do armário o comando de reinicialização' },
  eboxRestartApp: {
    label: 'Reiniciar o aplicativo do armário',
    description: 'Reiniciar o aplicativo do terminal sem desligar o armário',
  },
  eboxSync: { label: 'Sincronizar armários', description: 'Pedir ao terminal que sincronize pedidos e configurações' },
  compartimentOpen: { label: 'Abrir compartimentos', description: 'Abrir remotamente a porta de um compartimento' },
  compartimentLock: {
    label: 'Bloquear compartimentos',
    description: 'Bloquear um compartimento (avaria, manutenção) e desbloqueá-lo de novo',
  },
  filterEbox: { label: 'Filtrar por armário', description: 'Usar o filtro de armário nas listas' },
  filterCluster: { label: 'Filtrar por cluster', description: 'Usar o filtro de cluster nas listas' },
  filterType: { label: 'Filtrar por tipo', description: 'Usar o filtro de tipo de pedido nas listas' },
  filterReferenceNumber: { label: 'Filtrar por número de referência', description: 'Usar o filtro de número de referência nas listas' },
  uploadFiles: { label: 'Enviar arquivos', description: 'Enviar fotos, imagens e anexos nos formulários' },
  terminalOrderExpired: { label: 'Retirar pedidos expirados', description: 'Na tela do armário: retirar encomendas vencidas' },
  terminalOrderReturned: {
    label: 'Retirar pedidos devolvidos',
    description: 'Na tela do armário: retirar encomendas que voltam ao remetente',
  },
  terminalCustomerCollect: {
    label: 'Retirar para um cliente',
    description: 'Na tela do armário: abrir o compartimento de um cliente para entregar a encomenda',
  },
  terminalOrderStore: { label: 'Guardar pedidos', description: 'Na tela do armário: depositar encomendas nos compartimentos' },
  terminalCompartmentRead: {
    label: 'Ver compartimentos',
    description: 'Na tela do armário: listar os compartimentos e o que cada um guarda',
  },
  terminalCompartmentEdit: {
    label: 'Alterar compartimentos',
    description: 'Na tela do armário: bloquear um compartimento avariado, ou liberá-lo de novo',
  },
  terminalCompartmentTest: {
    label: 'Testar compartimentos',
    description: 'Na tela do armário: abrir um compartimento vazio para conferir a porta',
  },
  terminalCompartmentOpen: {
    label: 'Abrir compartimentos no armário',
    description: 'Na tela do armário: abrir a porta de qualquer compartimento',
  },
  terminalUpdateVersion: {
    label: 'Atualizar a versão do armário',
    description: 'Na tela do armário: instalar uma nova versão do aplicativo do terminal',
  },
  terminalReboot: { label: 'Reiniciar no armário', description: 'Na tela do armário: reiniciar o computador do armário' },
  terminalRestartApp: { label: 'Reiniciar o aplicativo no armário', description: 'Na tela do armário: reiniciar o aplicativo do terminal' },
  terminalCollectPending: {
    label: 'Recolher encomendas pendentes',
    description: 'Na tela do armário: retirar todas as encomendas que aguardam coleta',
  },
  terminalShowEboxStatus: { label: 'Ver a situação do armário', description: 'Na tela do armário: ver conexão, portas e ocupação' },
  terminalOperatorCondominium: {
    label: 'Portaria do condomínio',
    description: 'Na tela do armário: receber e entregar as encomendas dos moradores',
  },
  terminalShowPendingDepositOperator: {
    label: 'Ver depósitos pendentes',
    description: 'Na tela do armário: ver os pedidos que ainda faltam depositar',
  },
  terminalMaintenance: { label: 'Manutenção', description: 'Na tela do armário: entrar no modo de manutenção' },
  appTerminalMigration: {
    label: 'Migrar o terminal',
    description: 'Nos ajustes do aplicativo do terminal: levar os dados a outro armário',
  },
  appTerminalCompartment: {
    label: 'Ajustar compartimentos',
    description: 'Nos ajustes do aplicativo do terminal: ligar compartimentos a portas e tamanhos',
  },
  appTerminalOrder: {
    label: 'Ajustar pedidos',
    description: 'Nos ajustes do aplicativo do terminal: cuidar dos pedidos que o terminal guarda',
  },
  appTerminalEbox: { label: 'Ajustar o armário', description: 'Nos ajustes do aplicativo do terminal: alterar os dados do armário' },
  appTerminalConfig: {
    label: 'Configuração do terminal',
    description: 'Nos ajustes do aplicativo do terminal: alterar a configuração do aplicativo',
  },
  appTerminalQrCodes: {
    label: 'QR codes do terminal',
    description: 'Nos ajustes do aplicativo do terminal: exibir e imprimir os QR codes do armário',
  },
};

function textOf(permission: Permission): Text {
  const special = SPECIAL[permission];
  if (special) return special;
  const { group, action } = permissionPartsOf(permission);
  const noun = nounOf(group);
  return action ? ACTIONS[action](noun) : { label: permission, description: permission };
}

const texts: Record<string, Text | Record<string, string>> = {};
for (const permission of PERMISSIONS) texts[permission] = textOf(permission);
const groups = new Set([...Object.keys(GROUPS), ...PERMISSIONS.map((permission) => permissionPartsOf(permission).group)]);
texts.groups = Object.fromEntries([...groups].map((group) => [group, nounOf(group).title]));

export default { permissions: texts };
