import { PREDEFINED_ROLES } from '../../permissions';
import { inSentence } from '../message-formats';
import { ENTITY_NOUNS } from './entity-nouns';

/**
 * Names and descriptions of the predefined roles of spec 6 (the role's stored name is the key).
 * An entity's editor and viewer roles are worded from its translations unless this table words them
 * otherwise than its plural.
 */
const entities: Record<string, string> = {
  ebox: 'armários',
  packing: 'romaneios',
  buildingLevel1: 'níveis 1 dos prédios',
  buildingLevel2: 'níveis 2 dos prédios',
  paymentGateways: 'gateways de pagamento',
};

/** The entities with an editor and a viewer role (permissions.ts): their plural, from their translations. */
const entityRoleNouns = Object.entries(ENTITY_NOUNS).flatMap(([name, [, plural]]): [string, string][] =>
  Object.hasOwn(PREDEFINED_ROLES, `${name}Editor`) && Object.hasOwn(PREDEFINED_ROLES, `${name}Viewer`) ? [[name, inSentence(plural)]] : [],
);

const entityRoles = Object.fromEntries(
  Object.entries({
    ...Object.fromEntries(entityRoleNouns),
    ...entities,
  }).flatMap(([name, plural]) => [
    [`${name}Editor`, { label: `Editor de ${plural}`, description: `Cria, edita, importa e remove ${plural}.` }],
    [`${name}Viewer`, { label: `Leitor de ${plural}`, description: `Consulta ${plural}, sem alterá-los.` }],
  ]),
);

export default {
  roles: {
    predefined: {
      owner: { label: 'Proprietário', description: 'Acesso total, inclusive usuários, perfis e configurações.' },
      editor: { label: 'Editor', description: 'Opera e edita todos os cadastros e pedidos, sem gerenciar acessos.' },
      viewer: { label: 'Leitor', description: 'Consulta todos os cadastros e pedidos, sem alterá-los.' },
      companyUserCreator: { label: 'Criador de usuários da empresa', description: 'Convida usuários para a própria empresa.' },
      auditLogViewer: { label: 'Leitor de auditoria', description: 'Consulta o registro de auditoria.' },
      iamSecurityReviewer: { label: 'Revisor de acessos', description: 'Gerencia usuários e os perfis atribuídos a eles.' },
      entityEditor: { label: 'Editor de cadastros', description: 'Cria, edita, importa e remove todos os cadastros.' },
      entityViewer: { label: 'Leitor de cadastros', description: 'Consulta todos os cadastros.' },
      orderSmsResender: { label: 'Reenvio de SMS de pedidos', description: 'Reenvia o SMS de um pedido ao cliente.' },
      orderUpdateOverdue: { label: 'Prazo de pedidos', description: 'Altera a data de expiração de pedidos.' },
      orderUpdateStatus: { label: 'Status de pedidos', description: 'Altera o status de pedidos.' },
      operator: { label: 'Operador', description: 'Consulta as operações dos armários e as rotas.' },
      operatorAdmin: { label: 'Administrador de operadores', description: 'Gerencia as operações, as rotas e quem opera cada rota.' },
      terminalMaintenance: {
        label: 'Manutenção de armários',
        description: 'Todos os direitos na tela do armário: testa, bloqueia e ajusta compartimentos, atualiza e reinicia o terminal.',
      },
      terminalOperator: {
        label: 'Operador na tela do armário',
        description: 'Deposita, retira e devolve encomendas na tela do armário (entregadores, portaria).',
      },
      ...entityRoles,
    },
  },
};
