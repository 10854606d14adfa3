import { botFlowScreenAreas as en } from '@ebox/domain/i18n/en/bot-flow-screens';
import { botFlowScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/bot-flow-screens';
import { addFeatureMessages } from '../../app/i18n';

// The bot flow form's words come with it, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
