import { webhookScreenAreas as en } from '@ebox/domain/i18n/en/webhook-screens';
import { webhookScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/webhook-screens';
import { addFeatureMessages } from '../../app/i18n';

// The webhook screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
